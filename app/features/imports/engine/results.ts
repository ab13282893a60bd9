import { toCsv, type CsvCell } from "~/lib/csv";
import { describeRowMessage, type Described } from "./messages";
import type { ImportPlan, PlannedRow } from "./plan/plan";
import { describeImportRowMessage } from "./run-messages";
import { finalStatusBeforeWrite, type FinalStatus } from "./statuses";
import type { AiStatus, UnderstoodRow } from "./types";

/**
 * What the results table and the summary show (specification sections 3 and 4): one row per data
 * row of the file, before writing (from the engine and the dry-run plan) or after it (from the
 * server's batches). Universal and serialisable: the worker builds it, the server may send it.
 */

/** Section 4: an import item's AI status ("pending" until the engine or a model has looked at it). */
export type ItemAiStatus = "pending" | AiStatus;
export const AI_STATUSES = [
  "pending",
  "success",
  "error",
  "skipped_not_a_product",
  "skipped_known_non_product_code",
] as const satisfies readonly ItemAiStatus[];

/** Section 4: an import item's database status, for its product and for its price. */
export type DbStatus = "pending" | "success" | "error" | "skipped";
export const DB_STATUSES = ["pending", "success", "error", "skipped"] as const satisfies readonly DbStatus[];

/** Section 4: every final status, in the order the filter lists them. */
export const FINAL_STATUSES = [
  "success",
  "processed_inactive",
  "pending",
  "skipped_not_a_product",
  "skipped_service_item",
  "skipped_known_non_product_code",
  "skipped_invalid_description",
  "error_ai",
  "error_db_product",
  "error_db_price",
  "error_system",
  "unknown_error",
] as const satisfies readonly FinalStatus[];

export type ImportResultRow = {
  /** 1-based data row number of the file. */
  row: number;
  /** The QuickBooks item name as in the file. */
  item: string;
  /** The AI-processed (English display) name; null for rows that are not products. */
  name: string | null;
  /** The product's database id: known once it is written, or when the plan matched one. */
  productId: string | null;
  aiStatus: ItemAiStatus;
  dbProductStatus: DbStatus;
  dbPriceStatus: DbStatus;
  finalStatus: FinalStatus;
  /** The final message: keys of the `import` namespace with their values, shown one after another. */
  messages: Described[];
  /** Before writing: what the dry run would do with the row. */
  planned?: PlannedRow["action"];
};

/** Section 3's summary counts and the success and error counts of section 8. */
export type ImportSummaryCounts = {
  totalProcessed: number;
  created: number;
  updated: number;
  /** Products found and already up to date: "unchanged (skipped)". */
  unchanged: number;
  errors: number;
  processedInactive: number;
  /** Rows that are not products (services, fees, invalid descriptions) and repeated items. */
  invalidRowsSkipped: number;
  successCount: number;
  errorCount: number;
};

export const AI_STATUS_KEYS = {
  pending: "screen.statuses.ai.pending",
  success: "screen.statuses.ai.success",
  error: "screen.statuses.ai.error",
  skipped_not_a_product: "screen.statuses.ai.skippedNotAProduct",
  skipped_known_non_product_code: "screen.statuses.ai.skippedKnownNonProductCode",
} as const satisfies Record<ItemAiStatus, string>;

export const DB_STATUS_KEYS = {
  pending: "screen.statuses.db.pending",
  success: "screen.statuses.db.success",
  error: "screen.statuses.db.error",
  skipped: "screen.statuses.db.skipped",
} as const satisfies Record<DbStatus, string>;

export const FINAL_STATUS_KEYS = {
  success: "screen.statuses.final.success",
  error_ai: "screen.statuses.final.errorAi",
  error_db_product: "screen.statuses.final.errorDbProduct",
  error_db_price: "screen.statuses.final.errorDbPrice",
  skipped_not_a_product: "screen.statuses.final.skippedNotAProduct",
  skipped_service_item: "screen.statuses.final.skippedServiceItem",
  skipped_known_non_product_code: "screen.statuses.final.skippedKnownNonProductCode",
  skipped_invalid_description: "screen.statuses.final.skippedInvalidDescription",
  processed_inactive: "screen.statuses.final.processedInactive",
  error_system: "screen.statuses.final.errorSystem",
  unknown_error: "screen.statuses.final.unknownError",
  pending: "screen.statuses.final.pending",
} as const satisfies Record<FinalStatus, string>;

export const PLANNED_ACTION_KEYS = {
  create: "screen.planned.create",
  update: "screen.planned.update",
  unchanged: "screen.planned.unchanged",
  skip: "screen.planned.skip",
  error: "screen.planned.error",
} as const satisfies Record<PlannedRow["action"], string>;

/** Final statuses that count as a success and as an error in the summary (section 8). */
export function isSuccessStatus(status: FinalStatus) {
  return status === "success" || status === "processed_inactive";
}
export function isErrorStatus(status: FinalStatus) {
  return status.startsWith("error_") || status === "unknown_error";
}

/**
 * The results as they stand before anything is written: the engine's AI status, the plan's
 * action and matched product, database statuses pending for rows the import writes (skipped for
 * the rest, and for the price when the row has none), and section 4's final status before writing.
 */
export function resultRowsBeforeWrite(
  rows: readonly UnderstoodRow[],
  plan: ImportPlan,
  lang: string,
): ImportResultRow[] {
  const byRow = new Map(plan.rows.map((p) => [p.row, p]));
  return rows.map((row) => {
    const planned = byRow.get(row.row);
    // A row the writer would refuse (docs/decisions/017-import-row-errors-and-upkeep.md) is shown
    // with the status and reason it will get.
    const refusal = planned?.action === "error" ? planned.refusal : undefined;
    if (refusal) {
      return {
        row: row.row,
        item: row.item,
        name: row.name,
        productId: refusal.productId,
        aiStatus: row.aiStatus,
        dbProductStatus: refusal.status === "error_db_product" ? "error" : "skipped",
        dbPriceStatus: refusal.status === "error_db_price" ? "error" : "skipped",
        finalStatus: refusal.status,
        messages: [...row.messages.map(describeRowMessage), describeImportRowMessage(refusal.message, lang)],
        planned: planned?.action,
      };
    }
    const writes = planned !== undefined && planned.action !== "skip" && planned.action !== "error";
    return {
      row: row.row,
      item: row.item,
      name: row.name,
      productId: planned && "productId" in planned ? planned.productId : null,
      aiStatus: row.aiStatus,
      dbProductStatus: writes ? "pending" : "skipped",
      dbPriceStatus: writes && row.priceCents !== null ? "pending" : "skipped",
      finalStatus: finalStatusBeforeWrite(row.status),
      messages: row.messages.map(describeRowMessage),
      planned: planned?.action,
    };
  });
}

/** How many rows have each final status (the filter's counts). */
export function countByFinalStatus(rows: readonly ImportResultRow[]) {
  const counts = new Map<FinalStatus, number>();
  for (const row of rows) counts.set(row.finalStatus, (counts.get(row.finalStatus) ?? 0) + 1);
  return counts;
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The results as a CSV to download, in the reader's language, every text cell neutralised
 * against spreadsheet formulas (docs/decisions/024-budgets-and-rules.md): an item named
 * "=HYPERLINK(…)" stays text.
 */
export function resultsCsv(rows: readonly ImportResultRow[], t: Translate): string {
  const withPlan = rows.some((r) => r.planned !== undefined);
  const header = [
    t("screen.results.columns.row"),
    t("screen.results.columns.item"),
    t("screen.results.columns.name"),
    t("screen.results.columns.productId"),
    t("screen.results.columns.aiStatus"),
    t("screen.results.columns.dbProductStatus"),
    t("screen.results.columns.dbPriceStatus"),
    ...(withPlan ? [t("screen.results.columns.planned")] : []),
    t("screen.results.columns.finalStatus"),
    t("screen.results.columns.message"),
  ];
  const body = rows.map((r): CsvCell[] => [
    r.row,
    r.item,
    r.name,
    r.productId,
    t(AI_STATUS_KEYS[r.aiStatus]),
    t(DB_STATUS_KEYS[r.dbProductStatus]),
    t(DB_STATUS_KEYS[r.dbPriceStatus]),
    ...(withPlan ? [r.planned ? t(PLANNED_ACTION_KEYS[r.planned]) : ""] : []),
    t(FINAL_STATUS_KEYS[r.finalStatus]),
    r.messages.map((m) => t(m.key, m.values)).join(" "),
  ]);
  return toCsv([header, ...body]);
}
