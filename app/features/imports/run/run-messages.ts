import type { ImportCounts } from "../engine/plan/counts";
import type { FormatId, Rejection } from "../engine/types";

/**
 * What the server side of the import (runs, batches, background jobs, the command line) tells
 * about a run, as codes and values: universal, so the screen can translate them (`import:run.*`)
 * in the reader's language. Nothing here touches a database. A row's statuses, messages and
 * result are the engine's (engine/statuses.ts, engine/messages.ts, engine/results.ts).
 */

/** A failed batch is tried this many times in all, then skipped. */
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

export type ImportOutcome = "success" | "warning" | "failed";

/** A run's state: `queued` (background, not claimed yet), `running`, `finished` or `failed` (could not run). */
export type ImportRunStatus = "pending" | "queued" | "running" | "finished" | "failed";

export type ImportMode = "interactive" | "background" | "cli";

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

/**
 * The summary of a run. Every data row is in exactly one
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
  /** The rows in the categories the preview uses too: they add up to the rows of the file. */
  counts: ImportCounts;
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
