import { z } from "zod";

/**
 * Staff's choices for rows of a file, made in the preview and sent with the run's start
 * (docs/decisions/027-first-import-matching.md): link a row to a product of the catalogue, make
 * it a new product, or leave it out. Universal: the screen builds them, the server checks them.
 */

/** The most rows a file has, and so the most choices. */
const MAX_CHOICES = 1_000_000;

export const choicesSchema = z
  .array(
    z.object({
      row: z.number().int().min(1).max(MAX_CHOICES),
      kind: z.enum(["link", "new", "skip"]),
      productId: z.uuid().optional(),
    }),
  )
  .max(MAX_CHOICES)
  .refine((choices) => choices.every((c) => (c.kind === "link") === (c.productId !== undefined)));

export type ChoiceInput = z.infer<typeof choicesSchema>[number];

/** The first two rows (by row number) linked to one product, or null: the run refuses such choices. */
export function choiceConflict(choices: Iterable<ChoiceInput>): { first: number; second: number } | null {
  const rowOf = new Map<string, number>();
  for (const choice of [...choices].sort((a, b) => a.row - b.row)) {
    if (choice.kind !== "link" || !choice.productId) continue;
    const first = rowOf.get(choice.productId);
    if (first !== undefined) return { first, second: choice.row };
    rowOf.set(choice.productId, choice.row);
  }
  return null;
}
