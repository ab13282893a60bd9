import { formatMoney } from "~/lib/money";
import type { Category } from "./dictionary";
import { describeRowMessage, type Described } from "./messages";
import type { FinalStatus } from "./statuses";
import type { FormatId, Rejection, RowMessage } from "./types";

/**
 * What the server side of the import (runs, batches, background jobs, the command line) tells
 * about a run and its rows, as codes and values: universal, so the screen can translate them
 * (`import:run.*`) in the reader's language. Nothing here touches a database.
 */

/** Specification section 4: a failed batch is tried this many times in all, then skipped. */
export const MAX_BATCH_ATTEMPTS = 3;

/**
 * A run that no batch reached for this long was left by its page (or its command line died): the
 * periodic sweep ends it as failed, `abandoned`, with what it wrote
 * (docs/decisions/017-import-row-errors-and-upkeep.md).
 */
export const ABANDONED_AFTER_MINUTES = 30;

/**
 * Each row's result of a run is kept this long after the run ended, then removed by the sweep;
 * the run's summary and activity entry stay (`ImportRunView.rowsRemovedAt`,
 * docs/decisions/017-import-row-errors-and-upkeep.md).
 */
export const IMPORT_ROWS_RETENTION_DAYS = 90;

/** Section 4: an import item's AI status (`pending` until its batch is understood on the server). */
export type ImportAiStatus =
  "pending" | "success" | "error" | "skipped_not_a_product" | "skipped_known_non_product_code";

/** Section 4: an import item's database status, for its product and for its price. */
export type ImportDbStatus = "pending" | "success" | "error" | "skipped";

/**
 * What writing did with a row: created or updated a product, found it already up to date, left
 * it out as an earlier copy of a later row (`duplicate`), skipped it (not a product), or failed.
 */
export type RowAction = "created" | "updated" | "unchanged" | "duplicate" | "skipped" | "error";

export type ImportOutcome = "success" | "warning" | "failed";

/** A run's state: `queued` (background, not claimed yet), `running`, `finished` or `failed` (could not run). */
export type ImportRunStatus = "pending" | "queued" | "running" | "finished" | "failed";

export type ImportMode = "interactive" | "background" | "cli";

/** A note the writer adds to a row, besides the engine's (`RowMessage`). */
export type RunMessageCode =
  | "product_created"
  | "product_updated"
  | "unchanged"
  | "price_set"
  | "price_changed"
  | "deactivated"
  | "reactivated"
  | "quantity_changed"
  | "sku_changed"
  | "matched_by_sku"
  | "name_shortened"
  | "model_fallback"
  | "batch_failed"
  | "sku_taken"
  | "value_not_storable"
  | "price_not_storable"
  | "archived_price"
  | "not_understood";

export type RunMessage = {
  code: RunMessageCode;
  severity: "info" | "warning" | "error";
  params?: Record<string, string | number | null>;
};

export type ImportRowMessage = RowMessage | RunMessage;

export const RUN_MESSAGE_KEYS = {
  product_created: "run.messages.productCreated",
  product_updated: "run.messages.productUpdated",
  unchanged: "run.messages.unchanged",
  price_set: "run.messages.priceSet",
  price_changed: "run.messages.priceChanged",
  deactivated: "run.messages.deactivated",
  reactivated: "run.messages.reactivated",
  quantity_changed: "run.messages.quantityChanged",
  sku_changed: "run.messages.skuChanged",
  matched_by_sku: "run.messages.matchedBySku",
  name_shortened: "run.messages.nameShortened",
  model_fallback: "run.messages.modelFallback",
  batch_failed: "run.messages.batchFailed",
  sku_taken: "run.messages.skuTaken",
  value_not_storable: "run.messages.valueNotStorable",
  price_not_storable: "run.messages.priceNotStorable",
  archived_price: "run.messages.archivedPrice",
  not_understood: "run.messages.notUnderstood",
} as const satisfies Record<RunMessageCode, string>;

const isRunMessage = (message: ImportRowMessage): message is RunMessage =>
  Object.hasOwn(RUN_MESSAGE_KEYS, message.code);

/** Params that are prices in cents, shown as money in the reader's language. */
const MONEY_PARAMS = new Set(["price", "old", "new"]);

/** A row message (the engine's or the writer's) as `t(key, values)` arguments in `import`. */
export function describeImportRowMessage(message: ImportRowMessage, lang: string): Described {
  if (!isRunMessage(message)) return describeRowMessage(message);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params ?? {})) {
    const money = MONEY_PARAMS.has(name) && message.code.startsWith("price");
    values[name] = value === null ? "—" : money && typeof value === "number" ? formatMoney(value, lang) : value;
  }
  return { key: RUN_MESSAGE_KEYS[message.code], values };
}

export const FINAL_STATUS_KEYS = {
  success: "run.statuses.final.success",
  error_ai: "run.statuses.final.errorAi",
  error_db_product: "run.statuses.final.errorDbProduct",
  error_db_price: "run.statuses.final.errorDbPrice",
  skipped_not_a_product: "run.statuses.final.skippedNotAProduct",
  skipped_service_item: "run.statuses.final.skippedServiceItem",
  skipped_known_non_product_code: "run.statuses.final.skippedKnownNonProductCode",
  skipped_invalid_description: "run.statuses.final.skippedInvalidDescription",
  processed_inactive: "run.statuses.final.processedInactive",
  error_system: "run.statuses.final.errorSystem",
  unknown_error: "run.statuses.final.unknownError",
  pending: "run.statuses.final.pending",
} as const satisfies Record<FinalStatus, string>;

export const AI_STATUS_KEYS = {
  pending: "run.statuses.ai.pending",
  success: "run.statuses.ai.success",
  error: "run.statuses.ai.error",
  skipped_not_a_product: "run.statuses.ai.skippedNotAProduct",
  skipped_known_non_product_code: "run.statuses.ai.skippedKnownNonProductCode",
} as const satisfies Record<ImportAiStatus, string>;

export const DB_STATUS_KEYS = {
  pending: "run.statuses.db.pending",
  success: "run.statuses.db.success",
  error: "run.statuses.db.error",
  skipped: "run.statuses.db.skipped",
} as const satisfies Record<ImportDbStatus, string>;

export const ACTION_KEYS = {
  created: "run.actions.created",
  updated: "run.actions.updated",
  unchanged: "run.actions.unchanged",
  duplicate: "run.actions.duplicate",
  skipped: "run.actions.skipped",
  error: "run.actions.error",
} as const satisfies Record<RowAction, string>;

/** The specification's outcome texts. */
export const OUTCOME_KEYS = {
  success: "run.outcome.success",
  warning: "run.outcome.warning",
  failed: "run.outcome.failed",
} as const satisfies Record<ImportOutcome, string>;

export const RUN_STATUS_KEYS = {
  pending: "run.runStatus.pending",
  queued: "run.runStatus.queued",
  running: "run.runStatus.running",
  finished: "run.runStatus.finished",
  failed: "run.runStatus.failed",
} as const satisfies Record<ImportRunStatus, string>;

export const MODE_KEYS = {
  interactive: "run.modes.interactive",
  background: "run.modes.background",
  cli: "run.modes.cli",
} as const satisfies Record<ImportMode, string>;

/** Final statuses that count as errors in the summary. */
export const ERROR_STATUSES: ReadonlySet<FinalStatus> = new Set([
  "error_ai",
  "error_db_product",
  "error_db_price",
  "error_system",
  "unknown_error",
]);

/** Final statuses of rows that are not products (the summary's "invalid rows skipped"). */
export const SKIPPED_STATUSES: ReadonlySet<FinalStatus> = new Set([
  "skipped_not_a_product",
  "skipped_service_item",
  "skipped_known_non_product_code",
  "skipped_invalid_description",
]);

/**
 * One row's result (section 3's import row result, and more): what the server understood, what
 * it wrote, each status of section 4, and its messages as codes (translate each with
 * `describeImportRowMessage`) and as English text (`message`, as stored and as the command line prints).
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
  /** English display name (the AI-processed name), Spanish name, category, pack. */
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
  productId: string | null;
  action: RowAction;
  /** Who named the item: the built-in engine or the configured model (null when not named). */
  namedBy: "engine" | "model" | null;
  aiStatus: ImportAiStatus;
  dbProductStatus: ImportDbStatus;
  dbPriceStatus: ImportDbStatus;
  finalStatus: FinalStatus;
  messages: ImportRowMessage[];
  message: string;
};

/**
 * The summary of a run (section 3's counts, section 8's texts). Every data row is in exactly one
 * of created, updated, unchanged, duplicates, invalidRowsSkipped and errors; `skipped` is the
 * specification's "unchanged (skipped)": unchanged + duplicates. `processedInactive` counts the
 * inactive items among created, updated, unchanged and duplicates.
 */
export type ImportSummary = {
  runId: string | null;
  listSlug: string;
  listName: string;
  fileName: string;
  format: FormatId | null;
  mode: ImportMode;
  dryRun: boolean;
  totalRows: number;
  totalBatches: number;
  appliedBatches: number;
  failedBatches: number;
  totalProcessed: number;
  created: number;
  updated: number;
  unchanged: number;
  duplicates: number;
  skipped: number;
  errors: number;
  processedInactive: number;
  invalidRowsSkipped: number;
  skippedBy: { service_item: number; known_non_product_code: number; invalid_description: number };
  /** Rows of products (created, updated or unchanged) the file gave no usable price for. */
  withoutPrice: number;
  /** Rows whose item the dictionary did not recognise (names to review). */
  unrecognized: number;
  /** Rows written as `success` or `processed_inactive` (the specification's success count). */
  successCount: number;
  /** Rows with an error status, and rows of batches that never reached the server. */
  errorCount: number;
  /** Rows of batches the server never received (an interactive run left before the end). */
  notProcessed: number;
  /** Prices set or changed in the list (each with a history row, source "import"). */
  pricesChanged: number;
  /** True when the run changed no product and no price: re-importing the same file says so. */
  nothingChanged: boolean;
  namedByModel: number;
  /** The automatic version of the list taken before the run first changed it. */
  versionNumber: number | null;
  outcome: ImportOutcome;
  /** Set when the file was refused as a whole (nothing was written). */
  rejection: Rejection | null;
  /**
   * True when the sweep ended the run because no batch reached it for `ABANDONED_AFTER_MINUTES`
   * (its page was closed): `outcome` is then failed, and the counts say what was written before.
   */
  abandoned?: boolean;
};

/** The summary's counts with their labels (`import:run.summary.<key>`), in the order a screen shows them. */
export const SUMMARY_COUNT_KEYS = [
  "totalProcessed",
  "created",
  "updated",
  "skipped",
  "invalidRowsSkipped",
  "errors",
  "processedInactive",
  "successCount",
  "errorCount",
] as const satisfies ReadonlyArray<keyof ImportSummary>;
