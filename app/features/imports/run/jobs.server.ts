import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, lt, lte, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { db, withTransaction } from "~/db/client.server";
import { importFile, importRun, job } from "~/db/schema";
import type { Actor } from "~/features/price-lists/internal.server";
import { logger } from "~/lib/logger.server";
import { checkFileSize, decodeFile } from "../engine/read/decode";
import { detectFormat } from "../engine/read/detect";
import { scanImportFile, writeRunFromText, type RunProgress } from "./import-file.server";
import type { ChoiceInput } from "./choices";
import { DEFAULT_BATCH_SIZE } from "../engine/limits";
import { duplicatesFrom } from "../engine/prepare";
import {
  failImportRun,
  finishImportRun,
  getImportRun,
  insertRun,
  loadRun,
  runRefusal,
  type ImportRunView,
  type RunContext,
} from "./run.server";
import type { Rejection } from "../engine/types";

/**
 * Background imports (docs/decisions/014-import-runs.md; docs/decisions/024-budgets-and-rules.md):
 * the file is stored in the database with its run and a job, in one transaction; a worker claims
 * the job (FOR UPDATE SKIP LOCKED, as the mail outbox claims messages), holds it with a lease it
 * renews while it works, and imports the file with the same modules as the command line. The job
 * survives the page closing and the server restarting: a job whose lease ran out (its worker died)
 * is claimed again and resumes after the last recorded batch; a batch is never applied twice
 * (import_batch).
 *
 *   startBackgroundImport({actor, listSlug, fileName, bytes, batchSize?, publishNew?}): Promise<BackgroundStart>
 *   startImportWorker(options?) / stopImportWorker()      wired into server/app.ts
 *   runDueImportJobs(options?): Promise<number>            claims and runs what is due, now (tests, tools)
 */

export const IMPORT_JOB = "import";
/** A job given up after this many claims (a file that keeps crashing its worker). */
const MAX_JOB_ATTEMPTS = 5;

export type BackgroundStart = { ok: true; run: ImportRunView } | { ok: false; rejection: Rejection };

/**
 * Hands a file to the server: refused at once when it is too large, not text or has no QuickBooks
 * columns (nothing is stored); otherwise stored with its run and job. The rest of the reading
 * (a quote left open near the end…) happens in the job, and a refusal there fails the run with
 * nothing written. No signed-in person, no list or an unknown list throw a `Refusal`; a failure
 * to store throws, and nothing is stored.
 */
export async function startBackgroundImport(input: {
  actor: Actor | null;
  listSlug: string;
  fileName: string;
  bytes: Uint8Array;
  batchSize?: number;
  /** Staff's choices from the preview. */
  choices?: ChoiceInput[];
  /** Publish the products the run creates rather than keep them for review (the default). */
  publishNew?: boolean;
}): Promise<BackgroundStart> {
  if (!input.actor?.id) throw runRefusal("notAuthenticated", 401);
  if (!input.listSlug.trim()) throw runRefusal("listRequired", 400);
  const tooLarge = checkFileSize(input.bytes.byteLength);
  if (tooLarge) return { ok: false, rejection: tooLarge };
  const decoded = decodeFile(input.bytes);
  if (!decoded.ok) return { ok: false, rejection: decoded.rejection };
  const detected = detectFormat(decoded.text);
  if (!detected.ok) return { ok: false, rejection: detected.rejection };

  const runId = await withTransaction(async (tx) => {
    const run = await insertRun(tx, {
      actor: input.actor,
      listSlug: input.listSlug.trim(),
      fileName: input.fileName,
      format: detected.format,
      encoding: decoded.encoding,
      // Counted by the job when it reads the whole file.
      totalRows: 0,
      batchSize: input.batchSize ?? DEFAULT_BATCH_SIZE,
      mode: "background",
      status: "queued",
      superseded: [],
      choices: input.choices,
      publishNew: input.publishNew ?? false,
    });
    await tx
      .insert(importFile)
      .values({ runId: run.id, bytes: Buffer.from(input.bytes), byteSize: input.bytes.byteLength });
    await tx
      .update(importRun)
      .set({ fileKey: `db:${run.id}` })
      .where(eq(importRun.id, run.id));
    await tx.insert(job).values({ type: IMPORT_JOB, payload: { runId: run.id } });
    return run.id;
  });
  wakeImportWorker();
  return { ok: true, run: (await getImportRun(runId))! };
}

// --- one job ------------------------------------------------------------------------------------

export type JobOutcome = "finished" | "stopped" | "lost" | "failed";

type Claimed = typeof job.$inferSelect;

async function claimJob(workerId: string, leaseMs: number): Promise<Claimed | undefined> {
  const leaseEnds = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
  const claimable = or(
    and(eq(job.status, "queued"), lte(job.runAfter, sql`now()`)),
    and(eq(job.status, "running"), lt(job.leaseUntil, sql`now()`)),
  );
  const due = db()
    .select({ id: job.id })
    .from(job)
    .where(and(eq(job.type, IMPORT_JOB), claimable))
    .orderBy(asc(job.createdAt), asc(job.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db()
    .update(job)
    .set({
      status: "running",
      workerId,
      leaseUntil: leaseEnds,
      attempts: sql`${job.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    // A scalar subquery runs once (see the mail outbox); the condition is checked again on the row.
    .where(and(sql`${job.id} = (${due})`, claimable))
    .returning();
  return claimed;
}

/** Renews the lease while the job is ours; false once another worker has taken it over. */
async function renewLease(jobId: string, workerId: string, leaseMs: number) {
  const rows = await db()
    .update(job)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, updatedAt: sql`now()` })
    .where(and(eq(job.id, jobId), eq(job.workerId, workerId), eq(job.status, "running")))
    .returning({ id: job.id });
  return rows.length > 0;
}

async function settleJob(claimed: Claimed, workerId: string, values: PgUpdateSetSource<typeof job>) {
  await db()
    .update(job)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(job.id, claimed.id), eq(job.workerId, workerId)));
}

/**
 * Imports the run of a claimed job from its stored file: refused → the run fails with nothing
 * written; otherwise the batches not recorded yet are written and the run finished.
 */
async function runStoredImport(
  runId: string,
  options: { shouldStop: () => boolean; onProgress?: (progress: RunProgress) => void },
): Promise<"finished" | "stopped"> {
  let run = await loadRun(runId);
  if (run.status === "finished" || run.status === "failed") return "finished";
  const [stored] = await db().select({ bytes: importFile.bytes }).from(importFile).where(eq(importFile.runId, runId));
  if (!stored) {
    await failImportRun(runId, null);
    return "finished";
  }
  const scan = await scanImportFile(new Uint8Array(stored.bytes));
  if (!scan.ok) {
    await failImportRun(runId, scan.rejection);
    return "finished";
  }
  if (run.totalRows !== scan.totalRows || run.context.superseded.length !== scan.superseded.length) {
    const context: RunContext = { ...run.context, format: scan.format, superseded: scan.superseded };
    await db()
      .update(importRun)
      .set({
        totalRows: scan.totalRows,
        totalBatches: Math.ceil(scan.totalRows / run.batchSize),
        context,
        status: scan.totalRows === 0 ? run.status : "running",
      })
      .where(eq(importRun.id, runId));
    run = await loadRun(runId);
  }
  const done = await writeRunFromText(run, scan.text, duplicatesFrom(scan.superseded), options);
  if (!done) return "stopped";
  await finishImportRun(runId);
  return "finished";
}

export type WorkerOptions = {
  /** Milliseconds between looks for due jobs (default 2 s; a new job wakes the worker at once). */
  pollMs?: number;
  /** How long a claim lasts without renewal (default 30 s; renewed every third of it). */
  leaseMs?: number;
  workerId?: string;
  onProgress?: (progress: RunProgress) => void;
};

/** Claims one due job and runs it to its end (or until `shouldStop`). Undefined when none was due. */
async function runOneJob(
  workerId: string,
  leaseMs: number,
  shouldStop: () => boolean,
  onProgress?: (progress: RunProgress) => void,
): Promise<JobOutcome | undefined> {
  const claimed = await claimJob(workerId, leaseMs);
  if (!claimed) return undefined;
  const runId = (claimed.payload as { runId?: string }).runId ?? "";
  let lost = false;
  const heartbeat = setInterval(() => {
    renewLease(claimed.id, workerId, leaseMs).then(
      (ours) => {
        if (!ours) lost = true;
      },
      (error: unknown) => logger.warn({ err: error, jobId: claimed.id }, "import job: lease renewal failed"),
    );
  }, leaseMs / 3);
  heartbeat.unref();
  try {
    logger.info({ jobId: claimed.id, runId, attempt: claimed.attempts }, "import job claimed");
    const result = await runStoredImport(runId, { shouldStop: () => lost || shouldStop(), onProgress });
    if (lost) return "lost";
    if (result === "stopped") {
      // Shutting down: the job goes back to the queue at once, and this claim does not count.
      await settleJob(claimed, workerId, {
        status: "queued",
        leaseUntil: null,
        workerId: null,
        attempts: Math.max(0, claimed.attempts - 1),
      });
      return "stopped";
    }
    await settleJob(claimed, workerId, { status: "done", leaseUntil: null, lastError: null });
    return "finished";
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    logger.error({ err: error, jobId: claimed.id, runId, attempt: claimed.attempts }, "import job failed");
    if (lost) return "lost";
    if (claimed.attempts >= MAX_JOB_ATTEMPTS) {
      await settleJob(claimed, workerId, { status: "failed", leaseUntil: null, lastError: message });
      await failImportRun(runId, null).catch(() => {});
    } else {
      await settleJob(claimed, workerId, {
        status: "queued",
        leaseUntil: null,
        workerId: null,
        lastError: message,
        runAfter: sql`now() + make_interval(secs => ${5 * 2 ** claimed.attempts})`,
      });
    }
    return "failed";
  } finally {
    clearInterval(heartbeat);
  }
}

/** Claims and runs every due import job now, one after another (tests, tools). Returns how many ran. */
export async function runDueImportJobs(options: WorkerOptions & { shouldStop?: () => boolean } = {}) {
  const workerId = options.workerId ?? newWorkerId();
  let ran = 0;
  for (;;) {
    const outcome = await runOneJob(
      workerId,
      options.leaseMs ?? DEFAULT_LEASE_MS,
      options.shouldStop ?? (() => false),
      options.onProgress,
    );
    if (outcome === undefined) return ran;
    ran++;
    if (outcome === "stopped") return ran;
  }
}

// --- the worker loop ------------------------------------------------------------------------------

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_POLL_MS = 2_000;

function newWorkerId() {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

type Worker = {
  stopping: boolean;
  timer: NodeJS.Timeout | undefined;
  current: Promise<void> | null;
  wake: () => void;
};
let worker: Worker | null = null;

/**
 * Starts this process's import worker: it looks for due jobs every `pollMs` (and at once when a
 * background import starts here), runs one job at a time, and at start resumes any job whose
 * worker died (its lease ran out).
 */
export function startImportWorker(options: WorkerOptions = {}) {
  if (worker) return;
  const workerId = options.workerId ?? newWorkerId();
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const self: Worker = { stopping: false, timer: undefined, current: null, wake: () => {} };
  const loop = () => {
    clearTimeout(self.timer);
    if (self.stopping || self.current) return;
    self.current = runDueImportJobs({
      workerId,
      leaseMs,
      shouldStop: () => self.stopping,
      onProgress: options.onProgress,
    })
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, "import worker: looking for jobs failed"),
      )
      .finally(() => {
        self.current = null;
        if (!self.stopping) {
          self.timer = setTimeout(loop, pollMs);
          self.timer.unref();
        }
      });
  };
  self.wake = () => {
    if (!self.current) queueMicrotask(loop);
  };
  worker = self;
  loop();
}

/** Nudges the worker of this process (a background import was just stored). */
export function wakeImportWorker() {
  worker?.wake();
}

/**
 * Stops the worker: the job in progress finishes its current batch (a batch is never cut in
 * half) and goes back to the queue, so the next start resumes it at once.
 */
export async function stopImportWorker() {
  const self = worker;
  if (!self) return;
  self.stopping = true;
  clearTimeout(self.timer);
  await self.current;
  worker = null;
}
