import { z } from "zod";
import { MAX_ITEM_NAME_LENGTH, MAX_SKU_LENGTH } from "./limits";
import type { ExistingProduct } from "./plan";

/**
 * The screen's requests to its route's action and the answers, shared by the page and the server.
 * Messages are keys of the `import` namespace; the page translates them.
 */

/** QuickBooks IDs plus SKUs the page sends in one "plan" request (a 60,000-row file takes a few). */
export const PLAN_KEYS_PER_REQUEST = 10_000;

const key = (max: number) => z.string().min(1).max(max);

export const planRequestSchema = z
  .object({
    intent: z.literal("plan"),
    list: z.string().trim().min(1).max(200),
    quickbooksIds: z.array(key(MAX_ITEM_NAME_LENGTH)).max(PLAN_KEYS_PER_REQUEST),
    skus: z.array(key(MAX_SKU_LENGTH)).max(PLAN_KEYS_PER_REQUEST),
  })
  .refine((r) => r.quickbooksIds.length + r.skus.length <= PLAN_KEYS_PER_REQUEST);

export type PlanRequest = z.infer<typeof planRequestSchema>;

export type ScreenErrorKey =
  | "screen.errors.notAuthenticated"
  | "screen.errors.listRequired"
  | "screen.errors.listNotFound"
  | "screen.errors.badRequest";

export type ImportActionResult =
  { ok: true; intent: "plan"; products: ExistingProduct[] } | { ok: false; error: ScreenErrorKey };

/** Splits the keys into requests of at most PLAN_KEYS_PER_REQUEST keys, QuickBooks IDs first. */
export function planRequestChunks(list: string, keys: { quickbooksIds: string[]; skus: string[] }): PlanRequest[] {
  const all = [
    ...keys.quickbooksIds.map((value) => ({ kind: "quickbooksIds" as const, value })),
    ...keys.skus.map((value) => ({ kind: "skus" as const, value })),
  ];
  const requests: PlanRequest[] = [];
  for (let i = 0; i < all.length; i += PLAN_KEYS_PER_REQUEST) {
    const part = all.slice(i, i + PLAN_KEYS_PER_REQUEST);
    requests.push({
      intent: "plan",
      list,
      quickbooksIds: part.filter((k) => k.kind === "quickbooksIds").map((k) => k.value),
      skus: part.filter((k) => k.kind === "skus").map((k) => k.value),
    });
  }
  return requests.length > 0 ? requests : [{ intent: "plan", list, quickbooksIds: [], skus: [] }];
}
