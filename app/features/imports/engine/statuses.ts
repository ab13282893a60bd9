import type { AiStatus, RowStatus } from "./types";

/**
 * The one vocabulary of an import row's statuses (AI, database and final) and of what the import
 * does with it, for the preview, the run, its stored rows, the command line and the CSV alike;
 * each worded once per language under `statuses` in the `import` namespace.
 */

/** An import item's final status. */
export type FinalStatus =
  | "success"
  | "error_ai"
  | "error_db_product"
  | "error_db_price"
  | "skipped_not_a_product"
  | "skipped_service_item"
  | "skipped_known_non_product_code"
  | "skipped_invalid_description"
  | "skipped_by_staff"
  | "processed_inactive"
  | "error_system"
  | "unknown_error"
  | "pending";

/** Every final status, in the order a filter lists them. */
export const FINAL_STATUSES = [
  "success",
  "processed_inactive",
  "pending",
  "skipped_not_a_product",
  "skipped_service_item",
  "skipped_known_non_product_code",
  "skipped_invalid_description",
  "skipped_by_staff",
  "error_ai",
  "error_db_product",
  "error_db_price",
  "error_system",
  "unknown_error",
] as const satisfies readonly FinalStatus[];

/** An import item's AI status: `pending` until the engine or a model has looked at it. */
export type ItemAiStatus = "pending" | AiStatus;

/** An import item's database status, for its product and for its price. */
export type DbStatus = "pending" | "success" | "error" | "skipped";

/**
 * What the import does with a row (the preview: what it would do): create or update a product,
 * find it already up to date, leave it out as an earlier copy of a later row (`duplicate`), skip
 * it (not a product), or fail.
 */
export type RowAction = "created" | "updated" | "unchanged" | "duplicate" | "skipped" | "error";

export const FINAL_STATUS_KEYS = {
  success: "statuses.final.success",
  error_ai: "statuses.final.errorAi",
  error_db_product: "statuses.final.errorDbProduct",
  error_db_price: "statuses.final.errorDbPrice",
  skipped_not_a_product: "statuses.final.skippedNotAProduct",
  skipped_service_item: "statuses.final.skippedServiceItem",
  skipped_known_non_product_code: "statuses.final.skippedKnownNonProductCode",
  skipped_invalid_description: "statuses.final.skippedInvalidDescription",
  skipped_by_staff: "statuses.final.skippedByStaff",
  processed_inactive: "statuses.final.processedInactive",
  error_system: "statuses.final.errorSystem",
  unknown_error: "statuses.final.unknownError",
  pending: "statuses.final.pending",
} as const satisfies Record<FinalStatus, string>;

export const AI_STATUS_KEYS = {
  pending: "statuses.ai.pending",
  success: "statuses.ai.success",
  error: "statuses.ai.error",
  skipped_not_a_product: "statuses.ai.skippedNotAProduct",
  skipped_known_non_product_code: "statuses.ai.skippedKnownNonProductCode",
} as const satisfies Record<ItemAiStatus, string>;

export const DB_STATUS_KEYS = {
  pending: "statuses.db.pending",
  success: "statuses.db.success",
  error: "statuses.db.error",
  skipped: "statuses.db.skipped",
} as const satisfies Record<DbStatus, string>;

export const ACTION_KEYS = {
  created: "statuses.action.created",
  updated: "statuses.action.updated",
  unchanged: "statuses.action.unchanged",
  duplicate: "statuses.action.duplicate",
  skipped: "statuses.action.skipped",
  error: "statuses.action.error",
} as const satisfies Record<RowAction, string>;

/** Final statuses that count as a success and as an error in the summary. */
export function isSuccessStatus(status: FinalStatus) {
  return status === "success" || status === "processed_inactive";
}
export function isErrorStatus(status: FinalStatus) {
  return status.startsWith("error_") || status === "unknown_error";
}

/**
 * The final status a row has before anything is written: skipped rows and rows the engine could
 * not read are final already; products and inactive items stay `pending` until their batch is
 * written (then `success` or `processed_inactive`, or an `error_db_*`).
 */
export function finalStatusBeforeWrite(status: RowStatus): FinalStatus {
  switch (status) {
    case "product":
    case "processed_inactive":
      return "pending";
    case "error":
      return "error_ai";
    default:
      return status;
  }
}

/** The final status of a product or inactive row once its batch is written without error. */
export function finalStatusAfterWrite(status: "product" | "processed_inactive"): FinalStatus {
  return status === "product" ? "success" : "processed_inactive";
}
