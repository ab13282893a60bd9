import { parsePriceInput } from "~/lib/money";
import { withRefusals } from "~/lib/refusal.server";
import type { ConflictingChange } from "./errors";
import type { Actor } from "./internal.server";
import { addProductsToList, reapplyFromParent, removeProductsFromList, savePriceEdits } from "./items.server";
import { assignPriceList } from "./lists.server";
import { bulkChangeSchema, REASON_MAX, type BulkChange, type PricesErrorKey } from "./schema";
import { restoreVersion, saveVersion } from "./versions.server";

/** More edits than any list has products: a request beyond it is not from the editor. */
export const MAX_EDITS = 5_000;

export type SavePricesResult =
  | { ok: true; revision: number; changed: number }
  | { ok: true; version: number }
  | { ok: true; assigned: true }
  | { ok: false; message: PricesErrorKey; invalid?: string[] }
  | { ok: false; message: "errors.conflict"; revision: number; changes: ConflictingChange[] };

/**
 * The editor's save: prices typed as text, checked here again (never trusting the browser), then
 * saved together or not at all. An empty price removes the item's price ("ask us").
 */
export async function saveEditedPrices(
  actor: Actor,
  listId: string,
  form: { edits?: unknown; revision?: unknown; bulk?: unknown },
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
  // One price per product: a product twice in one save would write two histories for one price.
  const seen = new Set<string>();
  for (const entry of raw as unknown[]) {
    const productId = (entry as { productId?: unknown })?.productId;
    const price = (entry as { price?: unknown })?.price;
    if (
      typeof productId !== "string" ||
      !/^[0-9a-f-]{36}$/i.test(productId) ||
      typeof price !== "string" ||
      seen.has(productId)
    ) {
      return { status: 400, result: { ok: false, message: "errors.invalidInput" } };
    }
    seen.add(productId);
    if (price.trim() === "") {
      edits.push({ productId, priceCents: null });
      continue;
    }
    const cents = parsePriceInput(price);
    if (cents === null) invalid.push(productId);
    else edits.push({ productId, priceCents: cents });
  }
  if (invalid.length > 0) return { status: 400, result: { ok: false, message: "errors.invalidPrice", invalid } };
  const bulk = form.bulk === undefined ? null : parseBulk(form.bulk);
  if (bulk === undefined) return { status: 400, result: { ok: false, message: "errors.adjustmentInvalid" } };
  const revision = form.revision === undefined || form.revision === "" ? undefined : Number(form.revision);
  if (revision !== undefined && !Number.isSafeInteger(revision)) {
    return { status: 400, result: { ok: false, message: "errors.invalidInput" } };
  }
  return answer(
    requestId,
    async () => ({
      ok: true,
      ...(await savePriceEdits(actor, listId, edits, {
        expectedRevision: revision,
        ...(bulk ? { bulk } : {}),
      })),
    }),
    "saving prices failed",
  );
}

/** The bulk change a save says it carries, or undefined when the text is not one. */
function parseBulk(text: unknown): BulkChange | undefined {
  try {
    const parsed = bulkChangeSchema.safeParse(typeof text === "string" ? JSON.parse(text) : null);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

type Form = Record<string, FormDataEntryValue | undefined>;

function revisionOf(form: Form) {
  const text = form.revision;
  if (text === undefined || text === "") return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** The selected product ids the form sends as a JSON list, or null when there are none or it is not one. */
function selectedIds(form: Form) {
  let ids: unknown;
  try {
    ids = typeof form.productIds === "string" ? JSON.parse(form.productIds) : null;
  } catch {
    return null;
  }
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_EDITS) return null;
  return ids.every((id): id is string => typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id)) ? ids : null;
}

/** Runs a domain call, answering the editor's refusals the way a save does. */
function answer(requestId: string, run: () => Promise<SavePricesResult>, log = "price editor action failed") {
  return withRefusals(run, { log, context: { requestId }, failed: { ok: false, message: "errors.saveFailed" } });
}

/**
 * The editor's other actions: remove the selected items, add products, assign customers,
 * re-apply the parent's prices, save the list as a new version with an optional reason, or
 * restore a version. Prices are saved through `saveEditedPrices`, which answers as JSON.
 */
export async function runEditorAction(actor: Actor, listId: string, form: Form, requestId: string) {
  const refused = (message: PricesErrorKey) => ({ status: 400, result: { ok: false as const, message } });
  const revision = revisionOf(form);
  if (revision === null) return refused("errors.invalidInput");
  switch (form.intent) {
    case "remove": {
      const ids = selectedIds(form);
      if (!ids) return refused("errors.nothingSelected");
      return answer(requestId, async () => ({ ok: true, ...(await removeProductsFromList(actor, listId, ids)) }));
    }
    case "add": {
      const ids = selectedIds(form);
      if (!ids) return refused("errors.nothingSelected");
      return answer(requestId, async () => ({ ok: true, ...(await addProductsToList(actor, listId, ids)) }));
    }
    case "assign": {
      let ids: unknown;
      try {
        ids = typeof form.customerIds === "string" ? JSON.parse(form.customerIds) : null;
      } catch {
        ids = null;
      }
      if (
        !Array.isArray(ids) ||
        ids.length > MAX_EDITS ||
        !ids.every((id) => typeof id === "string" && id.length <= 64)
      ) {
        return refused("errors.invalidInput");
      }
      return answer(requestId, async () => {
        await assignPriceList(actor, listId, ids as string[]);
        return { ok: true, assigned: true };
      });
    }
    case "reapply":
      return answer(requestId, async () => ({
        ok: true,
        ...(await reapplyFromParent(actor, listId, { expectedRevision: revision })),
      }));
    case "version": {
      const reason = typeof form.reason === "string" ? form.reason.trim() : "";
      if (reason.length > REASON_MAX) return refused("errors.reasonTooLong");
      return answer(requestId, async () => {
        const version = await saveVersion(actor, listId, reason || null);
        return { ok: true, version: version.number };
      });
    }
    case "restore-version": {
      const number = Number(form.version);
      if (!Number.isSafeInteger(number) || number < 1) return refused("errors.versionNotFound");
      return answer(requestId, async () => ({
        ok: true,
        ...(await restoreVersion(actor, listId, number, { expectedRevision: revision })),
      }));
    }
    default:
      return refused("errors.invalidInput");
  }
}
