import type { ImportSummaryCounts } from "./components/import-summary";
import type { ImportSummary } from "../run/run-messages";

/** Rows of a run's results shown per page. */
export const RUN_RESULTS_PAGE_SIZE = 50;

/** The summary's counts: "unchanged (skipped)" is the unchanged products and the repeated items left out. */
export function summaryCounts(summary: ImportSummary): ImportSummaryCounts {
  return {
    totalProcessed: summary.totalProcessed,
    created: summary.created,
    updated: summary.updated,
    unchanged: summary.skipped,
    errors: summary.errors,
    processedInactive: summary.processedInactive,
    invalidRowsSkipped: summary.invalidRowsSkipped,
    successCount: summary.successCount,
    errorCount: summary.errorCount,
  };
}
