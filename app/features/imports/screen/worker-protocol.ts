import type { TextEncodingName } from "../engine/read/decode";
import type { ExistingProduct, RowChoice } from "../engine/plan/decide";
import type { MatchKeys, PlanCounts } from "../engine/plan/plan";
import type { ImportRowResult } from "../engine/results";
import type { BatchRow } from "./schema";
import type { DetectedFormat, Rejection, UnderstoodRow } from "../engine/types";

/**
 * The messages between the import screen and its Web Worker (import.worker.ts). The worker keeps
 * the file's understood rows; the page receives a summary, the first rows, the keys to look up and,
 * once it sends the matching products back, the plan and the result rows.
 */
export type WorkerRequest =
  | { type: "read"; file: Blob; previewRows: number }
  /**
   * `id` comes back with the plan, so a plan for a list chosen before the last one is not shown.
   * Without `existing`, the products of the last plan (staff changed a choice).
   */
  | { type: "plan"; id: number; existing?: ExistingProduct[]; choices: Array<[number, RowChoice]> }
  /** The rows of batch `batch` (1-based) of `size` rows, as read from the file, for the run's requests. */
  | { type: "rows"; id: number; batch: number; size: number };

/** A row of the preview: an understood row without the file's raw cells. */
export type PreviewRow = Omit<UnderstoodRow, "raw">;

export type ReadSummary = {
  encoding: TextEncodingName | null;
  format: DetectedFormat;
  totalRows: number;
  blankRecords: number;
  footerRecords: number;
  /** Rows repeated further down the file (the later row wins). */
  superseded: number;
  /** Those repeats as [earlier row, later row that wins], which the run's start tells the server. */
  duplicates: Array<[number, number]>;
};

export type WorkerResponse =
  | { type: "progress"; done: number; total: number }
  | { type: "understood"; summary: ReadSummary; preview: PreviewRow[]; keys: MatchKeys }
  | { type: "rejected"; rejection: Rejection }
  | {
      type: "planned";
      id: number;
      counts: PlanCounts;
      results: ImportRowResult[];
      /** Each row whose price replaces one the list has: the row's number and the price it replaces. */
      priceBefore: Array<[row: number, cents: number]>;
    }
  | { type: "rows"; id: number; rows: BatchRow[] }
  | { type: "failed"; during: "read" | "plan" | "rows"; id?: number };
