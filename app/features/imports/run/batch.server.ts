import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db, withTransaction, type Tx } from "~/db/client.server";
import { importBatch, importRun } from "~/db/schema";
import type { Actor } from "~/features/price-lists/internal.server";
import { logger } from "~/lib/logger.server";
import type { Described } from "../engine/messages";
import { batchFailed } from "../engine/plan/decide";
import {
  duplicatesFrom,
  rawRowFromCells,
  understandAndName,
  type Duplicates,
  type ModelNamer,
  type PreparedRow,
} from "../engine/prepare";
import { toRowResult } from "../engine/results";
import { createModelNamer, modelSettings } from "./model.server";
import { storedRows, storeRows, withText, type StoredRowResult } from "./rows.server";
import {
  decideOptionsOf,
  expectedRows,
  isClosed,
  loadRun,
  MAX_CELLS,
  MAX_ROWS,
  runRefusal,
  type LoadedRun,
} from "./run.server";
import { MAX_BATCH_ATTEMPTS } from "./run-messages";
import { writeBatch } from "./write.server";

/**
 * A batch's bookkeeping (docs/decisions/014-import-runs.md): each batch of a run is recorded by
 * its number in the same transaction that writes it, so it is applied once, whole or not at all;
 * a failed attempt is noted and tried again, up to MAX_BATCH_ATTEMPTS, then the batch is recorded
 * failed with its rows skipped; a batch asked for again answers its stored rows.
 *
 *   applyImportBatch(runId, batchNumber, rows, {attempt?}): Promise<BatchOutcome>   the screen's batches
 *   recordFailedBatch(runId, batchNumber, rows): Promise<BatchOutcome>      the browser gave up on a batch
 *   applyPreparedBatchWithRetries(run, batchNumber, rows)                   the server's own runs
 */

const MAX_CELL_LENGTH = 20_000;

const rowsSchema = z
  .array(
    z.object({
      row: z.number().int().min(1).max(MAX_ROWS),
      line: z.number().int().min(0).max(100_000_000).nullable().optional(),
      // No NUL: no text column can hold one, and the engine refuses a file that has one (decodeFile).
      cells: z
        .array(
          z
            .string()
            .max(MAX_CELL_LENGTH)
            .refine((cell) => !cell.includes("\u0000")),
        )
        .max(MAX_CELLS),
    }),
  )
  .max(2_000);

export type BatchRowInput = z.input<typeof rowsSchema>[number];

export type BatchOutcome =
  | {
      status: "applied";
      batchNumber: number;
      attempt: number;
      /** True when this call found the batch already recorded and answers its stored results. */
      repeated: boolean;
      rows: StoredRowResult[];
    }
  | {
      /** This attempt failed; call again with `attempt + 1` (shown as 'attempt N/3'). */
      status: "retry";
      batchNumber: number;
      attempt: number;
      maxAttempts: number;
      error: Described;
    }
  | {
      /** Every attempt failed: the batch is recorded failed and its rows skipped. */
      status: "failed";
      batchNumber: number;
      attempt: number;
      maxAttempts: number;
      repeated: boolean;
      error: Described;
      rows: StoredRowResult[];
    };

const UNKNOWN_FAILURE: Described = { key: "run.errors.unknownBatchFailure", values: {} };

/** Another call already recorded this batch (applied or failed): its stored results stand. */
class BatchAlreadyRecorded extends Error {
  constructor() {
    super("batch already recorded");
  }
}

/** The run was closed (finished, or ended by the sweep as abandoned) before this batch could be written. */
class RunAlreadyClosed extends Error {
  constructor() {
    super("run already closed");
  }
}

/**
 * Seams the tests control to make a batch fail (an injected fault, a process killed mid-batch).
 * Nothing a user can reach sets them.
 */
export type ImportFaultHooks = {
  /** Inside the batch's transaction, after every write and before the commit; throwing fails the attempt. */
  beforeCommit?: (context: { runId: string; batchNumber: number; attempt: number }) => void | Promise<void>;
  /** Before the server reads a batch the screen sent; throwing makes its rows unreadable (`unknown_error`). */
  beforeUnderstand?: (context: { runId: string; batchNumber: number }) => void | Promise<void>;
};
let faults: ImportFaultHooks = {};
export function setImportFaultsForTests(hooks: ImportFaultHooks | undefined) {
  faults = hooks ?? {};
}
const importFaults = () => faults;

/** Records the batch, or learns that another call did. First in the transaction: a concurrent twin waits here. */
async function claimBatch(
  tx: Tx,
  runId: string,
  batchNumber: number,
  attempt: number,
  status: "applied" | "failed",
  error?: string,
) {
  const claimed = await tx
    .insert(importBatch)
    .values({ runId, number: batchNumber, status, attempts: attempt, error: error ?? null })
    .onConflictDoUpdate({
      target: [importBatch.runId, importBatch.number],
      set: { status, attempts: attempt, error: error ?? null, appliedAt: sql`now()` },
      setWhere: eq(importBatch.status, "retrying"),
    })
    .returning({ number: importBatch.number });
  if (claimed.length === 0) throw new BatchAlreadyRecorded();
}

/** Notes that an attempt failed and the batch will be tried again (outside any batch transaction). */
async function recordRetry(tx: Tx, runId: string, batchNumber: number, attempt: number, error: string) {
  await tx
    .insert(importBatch)
    .values({ runId, number: batchNumber, status: "retrying", attempts: attempt, error })
    .onConflictDoUpdate({
      target: [importBatch.runId, importBatch.number],
      set: { attempts: attempt, error, appliedAt: sql`now()` },
      setWhere: eq(importBatch.status, "retrying"),
    });
}

/**
 * Holds the run's row to the commit and marks it running; a closed run refuses the batch. The
 * sweep that ends abandoned runs takes the same row, so a batch and the sweep never cross: a run
 * is never closed under a batch being written, nor written to once closed.
 */
async function holdOpenRun(tx: Tx, runId: string) {
  const [run] = await tx
    .select({ status: importRun.status })
    .from(importRun)
    .where(eq(importRun.id, runId))
    .for("no key update");
  if (!run || run.status === "finished" || run.status === "failed") throw new RunAlreadyClosed();
  if (run.status === "pending" || run.status === "queued") {
    await tx.update(importRun).set({ status: "running" }).where(eq(importRun.id, runId));
  }
}

async function storedBatch(runId: string, batchNumber: number) {
  const [batch] = await db()
    .select()
    .from(importBatch)
    .where(and(eq(importBatch.runId, runId), eq(importBatch.number, batchNumber)));
  return batch;
}

/** Batches of a run already applied or recorded failed: never written again. */
export async function recordedBatches(runId: string) {
  const rows = await db()
    .select({ number: importBatch.number })
    .from(importBatch)
    .where(and(eq(importBatch.runId, runId), inArray(importBatch.status, ["applied", "failed"])));
  return new Set(rows.map((r) => r.number));
}

async function answerStored(runId: string, batchNumber: number): Promise<BatchOutcome> {
  const batch = await storedBatch(runId, batchNumber);
  const rows = await storedRows(runId, batchNumber);
  if (batch?.status === "failed") {
    return {
      status: "failed",
      batchNumber,
      attempt: batch.attempts,
      maxAttempts: MAX_BATCH_ATTEMPTS,
      repeated: true,
      error: UNKNOWN_FAILURE,
      rows,
    };
  }
  return { status: "applied", batchNumber, attempt: batch?.attempts ?? 1, repeated: true, rows };
}

const actorOf = (run: LoadedRun): Actor => ({ id: run.userId });

/**
 * One attempt at a prepared batch: applied whole in one transaction, or (when it fails) noted for
 * another attempt, or (after the last one) recorded failed with its rows skipped. Never throws for
 * a failure of the batch itself.
 */
export async function applyPreparedBatch(
  run: LoadedRun,
  batchNumber: number,
  rows: PreparedRow[],
  attempt: number,
): Promise<BatchOutcome> {
  try {
    const results = await withTransaction(async (tx) => {
      await claimBatch(tx, run.id, batchNumber, attempt, "applied");
      await holdOpenRun(tx, run.id);
      const written = (
        await writeBatch(tx, {
          runId: run.id,
          listId: run.priceListId!,
          actor: actorOf(run),
          batchNumber,
          rows,
          decide: decideOptionsOf(run),
          publishNew: run.context.publishNew === true,
        })
      ).map(withText);
      await storeRows(tx, run.id, written);
      await faults.beforeCommit?.({ runId: run.id, batchNumber, attempt });
      return written;
    });
    return { status: "applied", batchNumber, attempt, repeated: false, rows: results };
  } catch (error) {
    if (error instanceof BatchAlreadyRecorded) return answerStored(run.id, batchNumber);
    if (error instanceof RunAlreadyClosed) throw runRefusal("runClosed", 409);
    const detail = error instanceof Error ? error.message.slice(0, 500) : String(error);
    logger.warn({ err: error, runId: run.id, batchNumber, attempt }, "import batch failed");
    if (attempt < MAX_BATCH_ATTEMPTS) {
      await withTransaction((tx) => recordRetry(tx, run.id, batchNumber, attempt, detail));
      return { status: "retry", batchNumber, attempt, maxAttempts: MAX_BATCH_ATTEMPTS, error: UNKNOWN_FAILURE };
    }
    return recordFailure(run, batchNumber, rows, attempt, detail);
  }
}

async function recordFailure(
  run: LoadedRun,
  batchNumber: number,
  rows: PreparedRow[],
  attempt: number,
  detail: string,
): Promise<BatchOutcome> {
  try {
    const results = await withTransaction((tx) => writeFailedBatch(tx, run.id, batchNumber, attempt, detail, rows));
    return {
      status: "failed",
      batchNumber,
      attempt,
      maxAttempts: MAX_BATCH_ATTEMPTS,
      repeated: false,
      error: UNKNOWN_FAILURE,
      rows: results,
    };
  } catch (error) {
    if (error instanceof BatchAlreadyRecorded) return answerStored(run.id, batchNumber);
    if (error instanceof RunAlreadyClosed) throw runRefusal("runClosed", 409);
    throw error;
  }
}

/** Tries a prepared batch up to MAX_BATCH_ATTEMPTS times (the server's own path: background, command line). */
export async function applyPreparedBatchWithRetries(
  run: LoadedRun,
  batchNumber: number,
  rows: PreparedRow[],
  onAttempt?: (outcome: BatchOutcome) => void,
): Promise<BatchOutcome> {
  const stored = await storedBatch(run.id, batchNumber);
  let attempt = (stored?.status === "retrying" ? stored.attempts : 0) + 1;
  for (;;) {
    const outcome = await applyPreparedBatch(run, batchNumber, rows, Math.min(attempt, MAX_BATCH_ATTEMPTS));
    onAttempt?.(outcome);
    if (outcome.status !== "retry") return outcome;
    await sleep(100 * attempt);
    attempt++;
  }
}

// One namer per run for a while, so the batches of an interactive run share its cache and its patience.
const namers = new Map<string, ModelNamer>();
export function namerFor(runId: string): ModelNamer | null {
  const settings = modelSettings();
  if (!settings) return null;
  let namer = namers.get(runId);
  if (!namer) {
    if (namers.size >= 20) namers.delete(namers.keys().next().value!);
    namer = createModelNamer(settings);
    namers.set(runId, namer);
  }
  return namer;
}

function runDuplicates(run: LoadedRun): Duplicates {
  return duplicatesFrom(run.context.superseded ?? []);
}

function checkBatch(run: LoadedRun, batchNumber: number, rows: z.output<typeof rowsSchema>) {
  if (!Number.isInteger(batchNumber) || batchNumber < 1 || batchNumber > run.totalBatches) {
    throw runRefusal("badBatch", 400, { values: { n: String(batchNumber) } });
  }
  const { first, last } = expectedRows(run, batchNumber);
  const fits = rows.length === last - first + 1 && rows.every((r, i) => r.row === first + i);
  if (!fits) throw runRefusal("badBatch", 400, { values: { n: batchNumber } });
}

/**
 * The batch the browser sent, checked against its run: its rows as the run's columns map them;
 * or, for a batch already recorded, the answer it got then. A closed run takes no batch.
 */
async function openBatch(runId: string, batchNumber: number, rows: BatchRowInput[]) {
  const run = await loadRun(runId);
  const parsed = rowsSchema.safeParse(rows);
  if (!parsed.success) throw runRefusal("badBatch", 400, { values: { n: batchNumber } });
  checkBatch(run, batchNumber, parsed.data);
  const stored = await storedBatch(run.id, batchNumber);
  if (stored && stored.status !== "retrying") return { answer: await answerStored(run.id, batchNumber) };
  if (isClosed(run)) throw runRefusal("runClosed", 409);
  const raws = parsed.data.map((r) => rawRowFromCells(r.row, r.line ?? null, r.cells, run.context.format));
  return { answer: null, run, stored, raws };
}

/**
 * Applies batch `batchNumber` of an interactive run: the browser sends each row's number, line and
 * cells as read from the file; the server maps, understands and names them itself (never
 * trusting what the browser made of them), then writes the batch in one transaction. A batch
 * already recorded answers its stored results and changes nothing. A failed attempt answers
 * `retry` (call again with `attempt + 1`) until the last, which records the batch failed.
 */
export async function applyImportBatch(
  runId: string,
  batchNumber: number,
  rows: BatchRowInput[],
  options: { attempt?: number } = {},
): Promise<BatchOutcome> {
  const opened = await openBatch(runId, batchNumber, rows);
  if (opened.answer) return opened.answer;
  const { run, stored, raws } = opened;
  const attempt = Math.min(
    MAX_BATCH_ATTEMPTS,
    Math.max(options.attempt ?? 1, (stored?.status === "retrying" ? stored.attempts : 0) + 1),
  );

  let prepared: PreparedRow[];
  try {
    await importFaults().beforeUnderstand?.({ runId: run.id, batchNumber });
    prepared = await understandAndName(raws, run.context.format, runDuplicates(run), namerFor(run.id));
  } catch (error) {
    // An unexpected failure of the reading itself: the rows are stored as `unknown_error`, nothing written.
    logger.error({ err: error, runId, batchNumber }, "import batch could not be understood");
    prepared = raws.map((raw) => ({
      ...unreadRow(raw.row, raw.line, raw.fields.name ?? ""),
      messages: [{ code: "not_understood", severity: "error" }],
    }));
  }
  return applyPreparedBatch(run, batchNumber, prepared, attempt);
}

/** A row the server could not understand (its batch failed before): kept with its item name only. */
function unreadRow(row: number, line: number | null, item: string): PreparedRow {
  return {
    row,
    line: line || null,
    item,
    quickbooksId: null,
    status: "error",
    aiStatus: "pending",
    importable: false,
    active: true,
    name: null,
    nameEs: null,
    category: null,
    packValue: null,
    packUnit: null,
    unit: null,
    priceCents: null,
    sku: null,
    quantity: null,
    recognized: false,
    supersededBy: null,
    namedBy: null,
    matchName: null,
    matchNameEs: null,
    matchCategory: null,
    messages: [],
  };
}

/** The error stored for a batch the browser could not deliver: the screen tells it from a server failure. */
export const NOT_DELIVERED = "not delivered by the browser";

/**
 * The browser could not deliver a batch after its attempts (a network that kept failing): the
 * batch is recorded failed and its rows 'Skipped due to batch processing error.'. A batch already
 * recorded is left as it is.
 */
export async function recordFailedBatch(runId: string, batchNumber: number, rows: BatchRowInput[]) {
  const opened = await openBatch(runId, batchNumber, rows);
  if (opened.answer) return opened.answer;
  const { run, raws } = opened;
  const prepared = raws.map((raw) => unreadRow(raw.row, raw.line, raw.fields.name ?? ""));
  return recordFailure(run, batchNumber, prepared, MAX_BATCH_ATTEMPTS, NOT_DELIVERED);
}

/**
 * Records a batch that failed every attempt: the batch as failed, and each of its rows
 * as 'Skipped due to batch processing error.' with nothing else written. Rows that were never
 * understood (the failure came first) keep the AI status `pending`.
 */
async function writeFailedBatch(
  tx: Tx,
  runId: string,
  batchNumber: number,
  attempt: number,
  error: string,
  rows: PreparedRow[],
): Promise<StoredRowResult[]> {
  await claimBatch(tx, runId, batchNumber, attempt, "failed", error);
  await holdOpenRun(tx, runId);
  // Its rows say only that: nothing of what the engine noted about them was acted on.
  const failed = batchFailed();
  const results = rows.map((row) => withText({ ...toRowResult(row, failed, batchNumber), messages: failed.notes }));
  await storeRows(tx, runId, results);
  return results;
}
