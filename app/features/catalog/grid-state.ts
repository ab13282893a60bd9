import { z } from "zod";
import { parsePriceInput } from "~/lib/money";
import { priceWarning, type PriceWarning } from "~/lib/price-checks";
import type { ManagedProduct } from "./manage.server";
import {
  editableFields,
  fieldsAsText,
  parseProductFields,
  type EditableField,
  type FieldErrors,
} from "./product-fields";

export type Cells = Partial<Record<EditableField, string>>;

/**
 * An edited row: the saved values the cells were typed over, with their revision (what the save
 * names, so a newer save by someone else is refused rather than overwritten) and whether the
 * product was archived then, and the cells typed since that differ from them.
 */
export type RowEdit = {
  revision: number;
  archived: boolean;
  saved: Record<EditableField, string>;
  cells: Cells;
};
export type Edits = Readonly<Record<string, RowEdit>>;

/** Why a row's saved values may no longer be those its cells were typed over. */
export type RowSince = "moved" | "archived";

export type DirtyRow = {
  id: string;
  edit: RowEdit;
  /** The product as loaded now; absent when it left this page since the edit. */
  product: ManagedProduct | undefined;
  errors: FieldErrors | null;
  price: PriceWarning | null;
  since: RowSince | null;
};

/** A cell typed into: back at its saved value it is no longer an edit, nor is a row with none left. */
export function setCell(edits: Edits, product: ManagedProduct, field: EditableField, value: string): Edits {
  const edit = edits[product.id] ?? {
    revision: product.revision,
    archived: product.archived,
    saved: fieldsAsText(product),
    cells: {},
  };
  const cells = { ...edit.cells };
  if (value === edit.saved[field]) delete cells[field];
  else cells[field] = value;
  return withRow(edits, product.id, { ...edit, cells });
}

/** A cell put back to its saved value (Esc). */
export function restoreCell(edits: Edits, id: string, field: EditableField): Edits {
  const edit = edits[id];
  if (!edit || !(field in edit.cells)) return edits;
  const cells = { ...edit.cells };
  delete cells[field];
  return withRow(edits, id, { ...edit, cells });
}

function withRow(edits: Edits, id: string, edit: RowEdit): Edits {
  const next = { ...edits };
  if (Object.keys(edit.cells).length === 0) delete next[id];
  else next[id] = edit;
  return next;
}

/**
 * What a successful save leaves: the cells it sent are saved; cells typed while it ran stay
 * edits, now of the saved row (its new revision, the sent values as its saved ones).
 */
export function afterSave(edits: Edits, sent: Readonly<Record<string, Cells>>, revisions: Record<string, number>) {
  const next: Record<string, RowEdit> = {};
  for (const [id, edit] of Object.entries(edits)) {
    const gone = sent[id];
    if (!gone) {
      next[id] = edit;
      continue;
    }
    const cells = Object.fromEntries(
      Object.entries(edit.cells).filter(([field, value]) => gone[field as EditableField] !== value),
    ) as Cells;
    if (Object.keys(cells).length === 0) continue;
    next[id] = { ...edit, revision: revisions[id] ?? edit.revision, saved: { ...edit.saved, ...gone }, cells };
  }
  return next;
}

/** After a conflict, the other person's save becomes the row's starting point; only my cells go over it. */
export function rebaseOn(edits: Edits, products: readonly ManagedProduct[]): Edits {
  const next = { ...edits };
  for (const p of products) {
    const edit = next[p.id];
    if (edit) next[p.id] = { ...edit, revision: p.revision, archived: p.archived, saved: fieldsAsText(p) };
  }
  return next;
}

/**
 * The edited rows, in the page's order (rows that left the page since come last), each with its
 * invalid cells, its base price's warning and whether someone changed or archived it since.
 */
export function dirtyRows(products: readonly ManagedProduct[], edits: Edits): DirtyRow[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const ids = [...products.filter((p) => edits[p.id]).map((p) => p.id)];
  for (const id of Object.keys(edits)) if (!byId.has(id)) ids.push(id);
  return ids.map((id) => {
    const edit = edits[id]!;
    const product = byId.get(id);
    const parsed = parseProductFields(edit.cells);
    const price = edit.cells.basePrice;
    const since: RowSince | null =
      product?.archived && !edit.archived ? "archived" : product && product.revision > edit.revision ? "moved" : null;
    return {
      id,
      edit,
      product,
      errors: parsed && !parsed.ok ? parsed.errors : null,
      price:
        price === undefined || price.trim() === ""
          ? null
          : priceWarning(price, parsePriceInput(price), parsePriceInput(edit.saved.basePrice)),
      since,
    };
  });
}

export function countCells(edits: Edits) {
  return Object.values(edits).reduce((n, edit) => n + Object.keys(edit.cells).length, 0);
}

const fieldKey = z.enum(editableFields);
const rowSchema = z.object({
  revision: z.number().int(),
  archived: z.boolean(),
  saved: z.record(fieldKey, z.string()),
  cells: z.partialRecord(fieldKey, z.string().max(10_000)),
});
/** The filters and page a row was typed on, so that restoring it opens those rows. */
const searchSchema = z.string().max(4000);
const currentDraft = z.object({
  version: z.literal(2),
  savedAt: z.string(),
  rows: z.record(z.string(), rowSchema.extend({ search: searchSchema })),
});
export type GridDraft = z.infer<typeof currentDraft>;
const draftSchema = z.union([
  currentDraft,
  // A draft written before rows kept their own page: all of them were typed on one.
  z
    .object({ version: z.literal(1), savedAt: z.string(), search: searchSchema, rows: z.record(z.string(), rowSchema) })
    .transform(({ savedAt, search, rows }): GridDraft => ({
      version: 2,
      savedAt,
      rows: Object.fromEntries(Object.entries(rows).map(([id, row]) => [id, { ...row, search }])),
    })),
]);
export type DraftRow = GridDraft["rows"][string];

/** Per person: two people on one computer never see each other's edits. */
export function draftKey(userId: string) {
  return `product-draft:${userId}`;
}

export function parseDraft(value: unknown): GridDraft | null {
  const parsed = draftSchema.safeParse(value);
  return parsed.success && countCells(parsed.data.rows) > 0 ? parsed.data : null;
}

/** A page's edits as rows of the draft, each marked with the page (`search`) it was typed on. */
export function draftRowsOf(edits: Edits, search: string): Record<string, DraftRow> {
  return Object.fromEntries(Object.entries(edits).map(([id, edit]) => [id, { ...edit, search }]));
}

/**
 * Two edits of one product, `over` typed after `under` (on another page, or while the draft was
 * offered): the cells of both, over the older of their saved values, so that a save by someone
 * else between the two is still flagged rather than saved over.
 */
export function mergeEdits(under: RowEdit, over: RowEdit): RowEdit {
  const base = under.revision <= over.revision ? under : over;
  return { ...base, cells: { ...under.cells, ...over.cells } };
}

/** Edits laid over others, cell by cell where both hold the product. */
export function mergeAllEdits<E extends RowEdit>(
  under: Readonly<Record<string, E>>,
  over: Edits,
): Record<string, RowEdit> {
  const merged: Record<string, RowEdit> = { ...under };
  for (const [id, edit] of Object.entries(over)) merged[id] = under[id] ? mergeEdits(under[id], edit) : edit;
  return merged;
}

/**
 * A stored draft laid over the page (`search`) as loaded now: the edits of rows on it come back
 * (those changed or archived since are flagged by `dirtyRows`, and the save refuses to go over
 * them unasked); rows typed on other pages stay in the draft (`elsewhere`), and so do rows typed
 * on this page and no longer on it (`left`: archived, no longer matching the filters, or moved to
 * another page), named so the person may discard them.
 */
export function restoreDraft(products: readonly ManagedProduct[], draft: GridDraft, search: string) {
  const present = new Set(products.map((p) => p.id));
  const edits: Record<string, RowEdit> = {};
  const left: Record<string, DraftRow> = {};
  const elsewhere: Record<string, DraftRow> = {};
  for (const [id, { search: typedOn, ...row }] of Object.entries(draft.rows)) {
    if (present.has(id)) edits[id] = row;
    else if (typedOn === search) left[id] = { ...row, search: typedOn };
    else elsewhere[id] = { ...row, search: typedOn };
  }
  return { edits, left, elsewhere };
}
