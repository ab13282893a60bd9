import { PACK_VALUE_BELOW } from "./limits";
import { createDuplicateTracker, understandRow } from "./understand/understand";
import type { ImportRowMessage, RunMessage } from "./messages";
import type { ItemAiStatus } from "./statuses";
import type { Category, DetectedFormat, RawRow, UnderstoodRow } from "./types";

/** A name the configured model gave an item (the run asks it on the server). */
export type ModelName = { name: string; nameEs: string; category: Category };

export type ModelNamer = {
  /**
   * Names the importable rows it can; the rest keep the engine's names. Returns the rows (by row
   * number) the model named. Never rejects: a failing model means the engine's names.
   */
  nameRows(rows: UnderstoodRow[]): Promise<{ named: Map<number, ModelName>; attempted: boolean }>;
};

/** The longest product name kept (the product form's limit, NAME_MAX). */
const PRODUCT_NAME_MAX = 120;

/** A row as the writer takes it: understood on the server, named, with its duplicate decided. */
export type PreparedRow = Omit<
  UnderstoodRow,
  "line" | "aiStatus" | "description" | "quantityOnHand" | "messages" | "raw"
> & {
  line: number | null;
  aiStatus: ItemAiStatus;
  quantity: number | null;
  /** The later row of the same item that wins over this one (this one is then not written). */
  supersededBy: number | null;
  namedBy: "engine" | "model" | null;
  /**
   * The engine's name, Spanish name and category, which a name match compares: the screen's
   * preview has only these, so the server matches by them too, whatever a model named the item.
   */
  matchName: string | null;
  matchNameEs: string | null;
  matchCategory: Category | null;
  messages: ImportRowMessage[];
};

/** Earlier row → the later row of the same item that wins over it, and the way back to the first. */
export type Duplicates = {
  supersededBy: ReadonlyMap<number, number>;
  /** Later row → the first row of its item. */
  firstRow: ReadonlyMap<number, number>;
};

export function duplicatesFrom(pairs: Iterable<readonly [number, number]>): Duplicates {
  const supersededBy = new Map<number, number>(pairs);
  const earlier = new Map<number, number>();
  for (const [from, to] of supersededBy) earlier.set(to, from);
  const firstRow = new Map<number, number>();
  for (const later of earlier.keys()) {
    let first = earlier.get(later)!;
    for (let guard = 0; earlier.has(first) && guard < supersededBy.size; guard++) first = earlier.get(first)!;
    firstRow.set(later, first);
  }
  return { supersededBy, firstRow };
}

/** Fields from the cells, by the run's column mapping: what the browser says they are is not read. */
export function rawRowFromCells(row: number, line: number | null, cells: string[], format: DetectedFormat): RawRow {
  const fields: RawRow["fields"] = {};
  for (const [field, index] of Object.entries(format.columns) as Array<[keyof RawRow["fields"], number]>) {
    fields[field] = cells[index] ?? "";
  }
  return { row, line: line ?? 0, fields, cells };
}

function cut(text: string, max: number) {
  if (text.length <= max) return text;
  const slice = text.slice(0, max + 1);
  const space = slice.lastIndexOf(" ");
  return (space > max / 2 ? slice.slice(0, space) : slice.slice(0, max)).trimEnd();
}

const DUPLICATE_CODES = new Set(["duplicate_item", "duplicate_superseded"]);

/**
 * Understood rows → rows to write: the duplicate decision of the whole file (`duplicates`, plus
 * any repeat inside these rows it does not list), the model's names where it gave them (the
 * engine's otherwise), names cut to what a product holds, pack values a product can store.
 */
export function prepareRows(
  understood: readonly UnderstoodRow[],
  duplicates: Duplicates,
  model: { names: ReadonlyMap<number, ModelName>; configured: boolean } | null = null,
): PreparedRow[] {
  // Repeats inside these rows that the file's list lacks (a browser that did not send them).
  const tracker = createDuplicateTracker();
  const local = understood.map((row) => ({
    ...row,
    messages: row.messages.filter((m) => !DUPLICATE_CODES.has(m.code)),
  }));
  for (const row of local) tracker.see(row);
  const supersededBy = new Map(duplicates.supersededBy);
  const firstRow = new Map(duplicates.firstRow);
  for (const [from, to] of tracker.superseded()) {
    if (!supersededBy.has(from)) supersededBy.set(from, to);
  }
  for (const row of local) {
    const fromTracker = row.messages.find((m) => m.code === "duplicate_item");
    if (fromTracker && !firstRow.has(row.row)) firstRow.set(row.row, Number(fromTracker.params?.firstRow));
  }

  return local.map((row) => {
    const messages: ImportRowMessage[] = row.messages.filter((m) => !DUPLICATE_CODES.has(m.code));
    const extra: RunMessage[] = [];
    let { name, nameEs, category, recognized } = row;
    let namedBy: PreparedRow["namedBy"] = row.importable ? "engine" : null;
    const modelName = model?.names.get(row.row);
    if (row.importable && modelName) {
      ({ name, nameEs, category } = modelName);
      recognized = true;
      namedBy = "model";
      const i = messages.findIndex((m) => m.code === "name_not_recognized");
      if (i >= 0) messages.splice(i, 1);
    } else if (row.importable && model?.configured) {
      extra.push({ code: "model_fallback", severity: "info" });
    }
    if (name && name.length > PRODUCT_NAME_MAX) {
      name = cut(name, PRODUCT_NAME_MAX);
      extra.push({ code: "name_shortened", severity: "warning", params: { max: PRODUCT_NAME_MAX } });
    }
    if (nameEs && nameEs.length > PRODUCT_NAME_MAX) nameEs = cut(nameEs, PRODUCT_NAME_MAX);

    const later = row.importable ? supersededBy.get(row.row) : undefined;
    if (later !== undefined)
      messages.push({ code: "duplicate_superseded", severity: "warning", params: { row: later } });
    const first = row.importable ? firstRow.get(row.row) : undefined;
    if (first !== undefined && first !== row.row) {
      messages.push({
        code: "duplicate_item",
        severity: "warning",
        params: { item: row.quickbooksId ?? row.item, firstRow: first },
      });
    }
    const packOk = row.packValue !== null && row.packValue > 0 && row.packValue < PACK_VALUE_BELOW;
    return {
      row: row.row,
      line: row.line || null,
      item: row.item,
      quickbooksId: row.quickbooksId,
      status: row.status,
      aiStatus: row.aiStatus,
      importable: row.importable,
      active: row.active,
      name,
      nameEs,
      category,
      packValue: packOk ? row.packValue : null,
      packUnit: packOk ? row.packUnit : null,
      unit: row.unit,
      priceCents: row.priceCents,
      sku: row.sku,
      quantity: row.quantityOnHand,
      recognized,
      supersededBy: later ?? null,
      namedBy,
      matchName: row.name,
      matchNameEs: row.nameEs,
      matchCategory: row.category,
      messages: [...extra, ...messages],
    };
  });
}

/** Understands raw rows with the run's format and names them (the model first, when one is set). */
export async function understandAndName(
  raws: RawRow[],
  format: DetectedFormat,
  duplicates: Duplicates,
  namer: ModelNamer | null,
): Promise<PreparedRow[]> {
  const understood = raws.map((raw) => understandRow(raw, format));
  return nameAndPrepare(understood, duplicates, namer);
}

/** Names understood rows with the model when one is set, then prepares them. */
export async function nameAndPrepare(
  understood: UnderstoodRow[],
  duplicates: Duplicates,
  namer: ModelNamer | null,
): Promise<PreparedRow[]> {
  if (!namer) return prepareRows(understood, duplicates);
  const { named } = await namer.nameRows(understood);
  return prepareRows(understood, duplicates, { names: named, configured: true });
}
