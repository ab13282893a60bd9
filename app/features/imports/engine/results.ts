import { toCsv, type CsvCell } from "~/lib/csv";
import type { Category } from "~/features/catalog/categories";
import { describeImportRowMessage, isRunMessage, type ImportRowMessage } from "./messages";
import type { Decision, MatchCandidate, MatchKind } from "./plan/decide";
import type { PreparedRow } from "./prepare";
import {
  ACTION_KEYS,
  AI_STATUS_KEYS,
  DB_STATUS_KEYS,
  FINAL_STATUS_KEYS,
  isSuccessStatus,
  type DbStatus,
  type FinalStatus,
  type ItemAiStatus,
  type RowAction,
} from "./statuses";

/**
 * One row's result: what was understood, what the
 * import did (or, in the preview, would do), its AI, database and final statuses, and its messages as codes
 * (translate each with `describeImportRowMessage`). The preview, the command line's dry run, the
 * writer and a failed batch all build it with `toRowResult`. Universal and serialisable.
 */
export type ImportRowResult = {
  /** 1-based data row number (blank rows, titles and footers are not counted). */
  row: number;
  batch: number;
  /** Physical line of the file where the record starts; null when not known. */
  line: number | null;
  /** The QuickBooks item name as in the file. */
  item: string;
  quickbooksId: string | null;
  /** English display name (as the engine or the model named it), Spanish name, category, pack. */
  name: string | null;
  nameEs: string | null;
  category: Category | null;
  packValue: number | null;
  packUnit: string | null;
  unit: string | null;
  /** The price for the list in cents, when the file gave a usable one. */
  priceCents: number | null;
  sku: string | null;
  quantity: number | null;
  /** The product's id: known once it is written, or when the row matched one. */
  productId: string | null;
  action: RowAction;
  /** How its product was found (QuickBooks ID, SKU, name) or that it is new; null for a row that writes none. */
  match: MatchKind | null;
  /** Products of the same name it was compared with: the linked one, or a near match's candidates. */
  candidates: MatchCandidate[];
  /** Who named the item: the built-in engine or the configured model (null when not named). */
  namedBy: "engine" | "model" | null;
  aiStatus: ItemAiStatus;
  dbProductStatus: DbStatus;
  dbPriceStatus: DbStatus;
  finalStatus: FinalStatus;
  messages: ImportRowMessage[];
};

export function toRowResult(row: PreparedRow, decision: Decision, batch: number): ImportRowResult {
  return {
    row: row.row,
    batch,
    line: row.line,
    item: row.item,
    quickbooksId: row.quickbooksId,
    name: row.name,
    nameEs: row.nameEs,
    category: row.category,
    packValue: row.packValue,
    packUnit: row.packUnit,
    unit: row.unit,
    priceCents: row.priceCents,
    sku: row.sku,
    quantity: row.quantity,
    productId: decision.product?.id ?? null,
    action: decision.action,
    match: decision.match,
    candidates: decision.candidates,
    namedBy: row.namedBy,
    aiStatus: row.aiStatus,
    dbProductStatus: decision.productStatus,
    dbPriceStatus: decision.priceStatus,
    finalStatus: decision.finalStatus,
    messages: [...decision.notes, ...row.messages],
  };
}

/**
 * A planned result as the screen shows it before anything is written: what the write would save
 * is still pending, and so is the final status of a row the run would count as done; refusals,
 * skipped rows and rows that cannot be read are final already. The write's notes of what it did
 * ("New product created.") wait for the write; its refusals and the engine's messages stay. The
 * command line's dry run keeps the final status the run would store (`as-written`), so that it can
 * be compared with the run's.
 */
export function asPlanned(
  result: ImportRowResult,
  { finalStatus = "pending" }: { finalStatus?: "pending" | "as-written" } = {},
): ImportRowResult {
  const pending = (status: DbStatus): DbStatus => (status === "success" ? "pending" : status);
  return {
    ...result,
    messages: result.messages.filter((m) => !(isRunMessage(m) && m.severity === "info")),
    dbProductStatus: pending(result.dbProductStatus),
    dbPriceStatus: pending(result.dbPriceStatus),
    finalStatus: finalStatus === "pending" && isSuccessStatus(result.finalStatus) ? "pending" : result.finalStatus,
  };
}

/**
 * The price a row moves in its list from and to, when the list already had one for the product:
 * what staff check before a first import links rows to products by name.
 */
export function listPriceMove(row: Pick<ImportRowResult, "messages">): { old: number; new: number } | null {
  const note = row.messages.find((m) => m.code === "price_changed");
  const from = note?.params?.old;
  const to = note?.params?.new;
  return typeof from === "number" && typeof to === "number" ? { old: from, new: to } : null;
}

/** How many rows have each final status (the filter's counts). */
export function countByFinalStatus(rows: readonly ImportRowResult[]) {
  const counts = new Map<FinalStatus, number>();
  for (const row of rows) counts.set(row.finalStatus, (counts.get(row.finalStatus) ?? 0) + 1);
  return counts;
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A row's messages as one text in the reader's language. */
export function rowMessagesText(row: Pick<ImportRowResult, "messages">, t: Translate, lang: string) {
  return row.messages
    .map((message) => {
      const { key, values } = describeImportRowMessage(message, lang);
      return t(key, values);
    })
    .join(" ");
}

const CSV_COLUMNS = [
  "row",
  "line",
  "item",
  "nameEn",
  "nameEs",
  "category",
  "packValue",
  "packUnit",
  "price",
  "sku",
  "quantity",
  "productId",
  "action",
  "aiStatus",
  "dbProductStatus",
  "dbPriceStatus",
  "finalStatus",
  "message",
] as const;

/**
 * The rows' results as CSV lines in the reader's language (column names, statuses, messages): the
 * same columns from the screen's preview and from a run's export. Every text cell is neutralised
 * against spreadsheet formulas by `toCsv` (docs/decisions/024-budgets-and-rules.md): an item named
 * "=HYPERLINK(…)" stays text. `messageText` words a row's messages (the server fills templates
 * faster than `t`).
 */
export function resultsCsvRows(
  rows: readonly ImportRowResult[],
  t: Translate,
  messageText: (row: ImportRowResult) => string,
): CsvCell[][] {
  return rows.map((r) => [
    r.row,
    r.line,
    r.item,
    r.name,
    r.nameEs,
    r.category,
    r.packValue,
    r.packUnit,
    r.priceCents === null ? null : (r.priceCents / 100).toFixed(2),
    r.sku,
    r.quantity,
    r.productId,
    t(ACTION_KEYS[r.action]),
    t(AI_STATUS_KEYS[r.aiStatus]),
    t(DB_STATUS_KEYS[r.dbProductStatus]),
    t(DB_STATUS_KEYS[r.dbPriceStatus]),
    t(FINAL_STATUS_KEYS[r.finalStatus]),
    messageText(r),
  ]);
}

/** Whether a model is configured: only then may the columns speak of AI. */
export type ColumnWording = { modelConfigured: boolean };

/**
 * The names of the columns that could speak of AI. Without a model the built-in engine understood
 * every row, and saying "AI" would claim what did not happen.
 */
export function aiColumnKeys({ modelConfigured }: ColumnWording) {
  return modelConfigured
    ? ({ name: "results.modelColumns.name", aiStatus: "results.modelColumns.aiStatus" } as const)
    : ({ name: "results.columns.name", aiStatus: "results.columns.aiStatus" } as const);
}

export const resultsCsvHeader = (t: Translate, wording: ColumnWording): CsvCell[] =>
  CSV_COLUMNS.map((column) => t(column === "aiStatus" ? aiColumnKeys(wording).aiStatus : `results.columns.${column}`));

/** The results as a CSV file's text, with its header. */
export function resultsCsv(
  rows: readonly ImportRowResult[],
  t: Translate,
  lang: string,
  wording: ColumnWording,
): string {
  return toCsv([resultsCsvHeader(t, wording), ...resultsCsvRows(rows, t, (r) => rowMessagesText(r, t, lang))]);
}
