import type { ImportResultRow, ImportSummaryCounts } from "../engine/results";
import { describeImportRowMessage, type ImportRowResult, type ImportSummary } from "../engine/run-messages";

/**
 * A stored run as the screen's components show it: each row as the results table's row (its
 * messages as `import` keys in the reader's language) and the summary as its boxes.
 */

/** Rows of a run's results shown per page. */
export const RUN_RESULTS_PAGE_SIZE = 50;

export function resultRowFromRun(row: ImportRowResult, lang: string): ImportResultRow {
  const messages = row.messages.map((m) => describeImportRowMessage(m, lang));
  return {
    row: row.row,
    item: row.item,
    name: row.name,
    productId: row.productId,
    aiStatus: row.aiStatus,
    dbProductStatus: row.dbProductStatus,
    dbPriceStatus: row.dbPriceStatus,
    finalStatus: row.finalStatus,
    // A row stored without codes (never by this version) still shows its stored text.
    messages:
      messages.length > 0 || !row.message
        ? messages
        : [{ key: "screen.runPage.storedMessage", values: { text: row.message } }],
  };
}

/** Section 3's counts: "unchanged (skipped)" is the unchanged products and the repeated items left out. */
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
