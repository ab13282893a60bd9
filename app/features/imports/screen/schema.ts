import { z } from "zod";
import { DEFAULT_BATCH_SIZE, MAX_ITEM_NAME_LENGTH, MAX_SKU_LENGTH } from "../engine/limits";
import type { Described } from "../engine/messages";
import type { MatchedProduct } from "../run/existing.server";
import type { ImportRunView } from "../run/run.server";
import { choicesSchema } from "../run/choices";
import { MAX_BATCH_ATTEMPTS, type ImportOutcome, type ImportRunStatus } from "../run/run-messages";

/**
 * The screen's requests to its route's action and the answers, shared by the page and the server.
 * Messages are keys of the `import` namespace; the page translates them.
 */

/** QuickBooks IDs plus SKUs the page sends in one "plan" request (a 60,000-row file takes a few). */
export const PLAN_KEYS_PER_REQUEST = 10_000;

const key = (max: number) => z.string().min(1).max(max);

export const planRequestSchema = z
  .object({
    intent: z.literal("plan"),
    list: z.string().trim().min(1).max(200),
    quickbooksIds: z.array(key(MAX_ITEM_NAME_LENGTH)).max(PLAN_KEYS_PER_REQUEST),
    skus: z.array(key(MAX_SKU_LENGTH)).max(PLAN_KEYS_PER_REQUEST),
    /** Also the products rows may match by name (asked once, with the first keys). */
    candidates: z.boolean().optional(),
  })
  .refine((r) => r.quickbooksIds.length + r.skus.length <= PLAN_KEYS_PER_REQUEST);

export type PlanRequest = z.infer<typeof planRequestSchema>;

export type ScreenErrorKey =
  | "screen.errors.notAuthenticated"
  | "screen.errors.listRequired"
  | "screen.errors.listNotFound"
  | "screen.errors.badRequest";

export type ImportActionResult =
  { ok: true; intent: "plan"; products: MatchedProduct[] } | { ok: false; error: ScreenErrorKey };

/** Splits the keys into requests of at most PLAN_KEYS_PER_REQUEST keys, QuickBooks IDs first. */
export function planRequestChunks(list: string, keys: { quickbooksIds: string[]; skus: string[] }): PlanRequest[] {
  const all = [
    ...keys.quickbooksIds.map((value) => ({ kind: "quickbooksIds" as const, value })),
    ...keys.skus.map((value) => ({ kind: "skus" as const, value })),
  ];
  const requests: PlanRequest[] = [];
  for (let i = 0; i < all.length; i += PLAN_KEYS_PER_REQUEST) {
    const part = all.slice(i, i + PLAN_KEYS_PER_REQUEST);
    requests.push({
      intent: "plan",
      list,
      quickbooksIds: part.filter((k) => k.kind === "quickbooksIds").map((k) => k.value),
      skus: part.filter((k) => k.kind === "skus").map((k) => k.value),
    });
  }
  if (requests.length === 0) requests.push({ intent: "plan", list, quickbooksIds: [], skus: [] });
  requests[0].candidates = true;
  return requests;
}

// --- running an import from the screen (the resource route /import-quickbooks/runs) -------------

/** The most rows the screen sends in one batch request (and the size it asks for by default). */
const RUN_BATCH_SIZE = DEFAULT_BATCH_SIZE;

const MAX_FILE_ROWS = 1_000_000;
const rowNumber = z.number().int().min(1).max(MAX_FILE_ROWS);
const runId = z.uuid();
const batchNumber = z.number().int().min(1).max(MAX_FILE_ROWS);

/** A row as read from the file: its number, its physical line and its cells. The server understands it itself. */
const batchRowSchema = z.object({
  row: rowNumber,
  line: z.number().int().min(0).max(100_000_000).nullable(),
  cells: z.array(z.string().max(20_000)).max(200),
});
export type BatchRow = z.infer<typeof batchRowSchema>;
const batchRows = z.array(batchRowSchema).min(1).max(RUN_BATCH_SIZE);

const startRunRequestSchema = z.object({
  intent: z.literal("start"),
  list: z.string().trim().min(1).max(200),
  fileName: z.string().trim().min(1).max(255),
  /** What the worker detected; the server maps the columns again from the header cells. */
  format: z.object({
    headers: z.array(z.string().max(500)).min(1).max(200),
    delimiter: z.enum([",", "\t"]),
    headerRecord: z.number().int().min(0).max(1_000),
    headerLine: z.number().int().min(1).max(100_000),
  }),
  encoding: z.enum(["utf-8", "utf-16le", "utf-16be", "windows-1252"]).nullable(),
  totalRows: z.number().int().min(1).max(MAX_FILE_ROWS),
  batchSize: z.number().int().min(1).max(RUN_BATCH_SIZE).optional(),
  /** The file's repeated items: [earlier row, later row that wins]. */
  duplicates: z.array(z.tuple([rowNumber, rowNumber])).max(MAX_FILE_ROWS),
  /** What staff chose in the preview for rows they changed. */
  choices: choicesSchema.optional(),
  /** Publish the products the run creates now; without it they are kept for review. */
  publishNew: z.boolean().optional(),
});

const batchRequestSchema = z.object({
  intent: z.literal("batch"),
  runId,
  batch: batchNumber,
  attempt: z.number().int().min(1).max(MAX_BATCH_ATTEMPTS),
  rows: batchRows,
});

/** The screen gave up delivering a batch: the server records it failed and its rows skipped. */
const failBatchRequestSchema = z.object({
  intent: z.literal("fail-batch"),
  runId,
  batch: batchNumber,
  rows: batchRows,
});

const finishRequestSchema = z.object({ intent: z.literal("finish"), runId });

export const runRequestSchema = z.discriminatedUnion("intent", [
  startRunRequestSchema,
  batchRequestSchema,
  failBatchRequestSchema,
  finishRequestSchema,
]);

export type RunRequest = z.infer<typeof runRequestSchema>;
export type StartRunRequest = z.infer<typeof startRunRequestSchema>;

/** A refusal as `t(error, values)` in the `import` namespace, with the engine's detail when a file was refused. */
export type RunRefusal = {
  ok: false;
  error: string;
  values?: Record<string, string | number>;
  detail?: Described;
};

export type RunAnswer =
  | { ok: true; intent: "start"; runId: string; totalBatches: number; batchSize: number }
  | {
      ok: true;
      intent: "batch" | "fail-batch";
      /** applied: written (or found written); retry: try again; failed: recorded failed, its rows skipped. */
      status: "applied" | "retry" | "failed";
      batch: number;
      attempt: number;
    }
  | { ok: true; intent: "finish"; runId: string; outcome: ImportOutcome }
  | { ok: true; intent: "background"; runId: string }
  | RunRefusal;

/** A run's state and batches, without its rows. */
export type RunProgress = {
  id: string;
  status: ImportRunStatus;
  outcome: ImportOutcome | null;
  totalRows: number;
  totalBatches: number;
  appliedBatches: number;
  failedBatches: number;
  processedRows: number;
};

/** What the run page polls while a run is going. */
export type RunProgressAnswer = { ok: true; run: RunProgress } | RunRefusal;

/** The progress in a run's full view: what the server answers a poll with, and the page starts from. */
export function runProgressOf(run: ImportRunView): RunProgress {
  return {
    id: run.id,
    status: run.status,
    outcome: run.outcome,
    totalRows: run.totalRows,
    totalBatches: run.totalBatches,
    appliedBatches: run.progress.appliedBatches,
    failedBatches: run.progress.failedBatches,
    processedRows: run.progress.processedRows,
  };
}
