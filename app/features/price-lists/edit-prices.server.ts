import { parsePriceInput } from "~/lib/money";
import { logger } from "~/lib/logger.server";
import { PriceListConflict, PriceListError, type ConflictingChange } from "./errors";
import type { Actor } from "./internal.server";
import { savePriceEdits } from "./items.server";
import type { PricesErrorKey } from "./schema";

/** More edits than any list has products: a request beyond it is not from the editor. */
export const MAX_EDITS = 5_000;

export type SavePricesResult =
  | { ok: true; revision: number; changed: number }
  | { ok: false; message: PricesErrorKey; invalid?: string[] }
  | { ok: false; message: "errors.conflict"; revision: number; changes: ConflictingChange[] };

/**
 * The editor's save: prices typed as text, checked here again (never trusting the browser), then
 * saved together or not at all. An empty price removes the item's price ("ask us").
 */
export async function saveEditedPrices(
  actor: Actor,
  listId: string,
  form: { edits: unknown; revision: unknown },
  requestId: string,
): Promise<{ status: number; result: SavePricesResult }> {
  let raw: unknown;
  try {
    raw = typeof form.edits === "string" ? JSON.parse(form.edits) : null;
  } catch {
    raw = null;
  }
  if (!Array.isArray(raw) || raw.length > MAX_EDITS) {
    return { status: 400, result: { ok: false, message: "errors.invalidInput" } };
  }
  const edits: { productId: string; priceCents: number | null }[] = [];
  const invalid: string[] = [];
  for (const entry of raw as unknown[]) {
    const productId = (entry as { productId?: unknown })?.productId;
    const price = (entry as { price?: unknown })?.price;
    if (typeof productId !== "string" || !/^[0-9a-f-]{36}$/i.test(productId) || typeof price !== "string") {
      return { status: 400, result: { ok: false, message: "errors.invalidInput" } };
    }
    if (price.trim() === "") {
      edits.push({ productId, priceCents: null });
      continue;
    }
    const cents = parsePriceInput(price);
    if (cents === null) invalid.push(productId);
    else edits.push({ productId, priceCents: cents });
  }
  if (invalid.length > 0) return { status: 400, result: { ok: false, message: "errors.invalidPrice", invalid } };
  const revision = form.revision === undefined || form.revision === "" ? undefined : Number(form.revision);
  if (revision !== undefined && !Number.isSafeInteger(revision)) {
    return { status: 400, result: { ok: false, message: "errors.invalidInput" } };
  }
  try {
    const saved = await savePriceEdits(actor, listId, edits, { expectedRevision: revision });
    return { status: 200, result: { ok: true, ...saved } };
  } catch (error) {
    if (error instanceof PriceListConflict) {
      return {
        status: 409,
        result: { ok: false, message: "errors.conflict", revision: error.currentRevision, changes: error.changes },
      };
    }
    if (error instanceof PriceListError) return { status: error.status, result: { ok: false, message: error.code } };
    logger.error({ err: error, requestId }, "saving prices failed");
    return { status: 500, result: { ok: false, message: "errors.saveFailed" } };
  }
}
