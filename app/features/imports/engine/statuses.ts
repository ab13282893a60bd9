import type { RowStatus } from "./types";

/** Specification section 4: an import item's final status. */
export type FinalStatus =
  | "success"
  | "error_ai"
  | "error_db_product"
  | "error_db_price"
  | "skipped_not_a_product"
  | "skipped_service_item"
  | "skipped_known_non_product_code"
  | "skipped_invalid_description"
  | "processed_inactive"
  | "error_system"
  | "unknown_error"
  | "pending";

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
