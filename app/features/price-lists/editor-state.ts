import { z } from "zod";
import { applyAdjustment, centsToInput, parsePriceInput, roundPrice } from "~/lib/money";
import { priceWarning, type PriceWarning } from "~/lib/price-checks";
import type { EditorItem } from "./editor-items";
import type { ListSort } from "./list-query";
import type { BulkChange } from "./schema";

/**
 * A price typed in the editor, with the saved price it was typed over: when that price moves
 * under it (someone else saved, or a restored draft is older than the list), the row says so.
 */
export type PriceEdit = { text: string; base: number | null };
export type PriceEdits = Readonly<Record<string, PriceEdit>>;

/** What a row needs said before its price is saved. */
export type RowFlag = { kind: "invalid" } | { kind: PriceWarning } | { kind: "moved"; now: number | null };

export type DirtyRow = {
  item: EditorItem;
  text: string;
  /** The new price; null for an emptied cell ("ask us") or text that is not a price. */
  cents: number | null;
  flag: RowFlag | null;
};

/**
 * One item's edit as it stands: null when there is none or it is back at the saved price, else
 * the new price and what to say about it. `confirmed` is true once the person confirmed saving
 * over a price someone else moved.
 */
export function dirtyRow(item: EditorItem, edit: PriceEdit | undefined, confirmed: boolean): DirtyRow | null {
  if (!edit || edit.text === centsToInput(item.priceCents)) return null;
  const blank = edit.text.trim() === "";
  const cents = blank ? null : parsePriceInput(edit.text);
  let flag: RowFlag | null = null;
  if (!blank && cents === null) flag = { kind: "invalid" };
  else if (edit.base !== item.priceCents && !confirmed) flag = { kind: "moved", now: item.priceCents };
  else {
    const warning = priceWarning(edit.text, cents, item.priceCents ?? item.parentCents);
    if (warning) flag = { kind: warning };
  }
  return { item, text: edit.text, cents, flag };
}

// Each list's place of every item, worked out once per list read: the save bar asks on every
// keystroke, and a few edits should not walk thousands of items.
const positions = new WeakMap<readonly EditorItem[], ReadonlyMap<string, number>>();
function positionsIn(items: readonly EditorItem[]) {
  let found = positions.get(items);
  if (!found) {
    found = new Map(items.map((item, at) => [item.productId, at]));
    positions.set(items, found);
  }
  return found;
}

/** The edits that differ from the saved price, in the editor's order, each with its flag. */
export function dirtyRows(items: readonly EditorItem[], edits: PriceEdits, confirmedMoves: ReadonlySet<string>) {
  const at = positionsIn(items);
  const rows: { row: DirtyRow; at: number }[] = [];
  for (const [productId, edit] of Object.entries(edits)) {
    const position = at.get(productId);
    if (position === undefined) continue;
    const row = dirtyRow(items[position]!, edit, confirmedMoves.has(productId));
    if (row) rows.push({ row, at: position });
  }
  return rows.sort((a, b) => a.at - b.at).map((r) => r.row);
}

/**
 * The price a bulk change gives one item: moved by the adjustment and rounded to the rule's
 * nearest step, except where that would undo the change. A raise never ends at or below where it
 * started ("+1%, .99 endings" takes $25.00 to $25.99, not $24.99) and a cut never ends at or
 * above it (docs/decisions/030-price-desk.md). Which way is the adjustment's sign, since one too
 * small to move a price by a cent is still a raise or a cut; an adjustment of 0 only rounds.
 */
export function bulkPrice(cents: number, change: Pick<BulkChange, "type" | "value" | "rounding">) {
  const moved = applyAdjustment(cents, change.type, change.value);
  const nearest = roundPrice(moved, change.rounding);
  if (change.value > 0 && nearest <= cents) return roundPrice(cents + 1, change.rounding, "up");
  if (change.value < 0 && nearest >= cents) {
    // Where the rule has no lower step (under $0.99 for .99 endings, under $0) the cut is kept as it is.
    const down = roundPrice(cents - 1, change.rounding, "down");
    return down < cents && down >= 0 ? down : moved;
  }
  return nearest;
}

/**
 * A bulk change over the chosen items: each priced item's old and new price (the old one being
 * what the cell shows now, typed or saved). Unpriced items are left alone.
 */
export function previewBulk(items: readonly EditorItem[], edits: PriceEdits, change: BulkChange) {
  const rows: { item: EditorItem; from: number; to: number }[] = [];
  let unpriced = 0;
  for (const item of items) {
    const typed = edits[item.productId];
    const from = typed ? parsePriceInput(typed.text) : item.priceCents;
    if (from === null) {
      unpriced++;
      continue;
    }
    rows.push({ item, from, to: bulkPrice(from, change) });
  }
  return { rows, unpriced };
}

const draftSchema = z.object({
  version: z.literal(1),
  savedAt: z.string(),
  edits: z.record(z.string(), z.object({ text: z.string().max(40), base: z.number().int().nullable() })),
});
export type EditorDraft = z.infer<typeof draftSchema>;

/** Per person and per list, so two people on one computer or two lists never mix their edits. */
export function draftKey(userId: string, listId: string) {
  return `price-draft:${userId}:${listId}`;
}

export function parseDraft(value: unknown): EditorDraft | null {
  const parsed = draftSchema.safeParse(value);
  return parsed.success && Object.keys(parsed.data.edits).length > 0 ? parsed.data : null;
}

/**
 * A stored draft laid over today's list: the edits of items still in it come back (those whose
 * saved price moved since are flagged by `dirtyRows`); those of items since removed or archived
 * are counted, since they can no longer be saved.
 */
export function restoreDraft(items: readonly EditorItem[], draft: EditorDraft) {
  const present = new Set(items.map((i) => i.productId));
  const edits: Record<string, PriceEdit> = {};
  let gone = 0;
  for (const [id, edit] of Object.entries(draft.edits)) {
    if (present.has(id)) edits[id] = edit;
    else gone++;
  }
  return { edits, gone };
}

/**
 * The items in the chosen order; the list comes by category. Equal keys keep their order, so a
 * search's tiers, applied after, keep this order within each tier as the server's pages do.
 */
export function sortEditorItems(items: EditorItem[], sort: ListSort, lang: string) {
  if (sort === "category") return items;
  const collator = new Intl.Collator(lang, { sensitivity: "base", numeric: true });
  const byName = (a: EditorItem, b: EditorItem) => collator.compare(a.name, b.name);
  const price = (item: EditorItem) => item.priceCents ?? (sort === "price-asc" ? Infinity : -Infinity);
  return [...items].sort((a, b) => {
    if (sort === "alphabetical") return byName(a, b);
    const difference = sort === "price-asc" ? price(a) - price(b) : price(b) - price(a);
    return difference === 0 || Number.isNaN(difference) ? byName(a, b) : difference;
  });
}
