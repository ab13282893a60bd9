import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { db, withTransaction } from "~/db/client.server";
import { importBatch, importRow, importRun, job } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { IMPORT_JOB } from "./jobs.server";
import { ABANDONED_AFTER_MINUTES, IMPORT_ROWS_RETENTION_DAYS } from "./run-messages";
import { closeRun, summarizeRun, type LoadedRun } from "./run.server";

/**
 * The import's part of the periodic sweep (docs/decisions/024-budgets-and-rules.md, run by
 * server/app.ts with the other retention every 10 minutes; every app instance may run it):
 *
 *   endAbandonedImportRuns(now?): Promise<number>      runs no batch reached for 30 minutes → failed
 *   pruneOldImportRows(now?): Promise<{runs, rows}>     per-row results of runs ended 90 days ago
 *
 * See docs/decisions/017-import-row-errors-and-upkeep.md for the two durations.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const OPEN_STATUSES = ["pending", "running"];

/** The last sign of life of a run: its last batch written (or retried), else its start. */
const lastActivity = sql`coalesce((select max(${importBatch.appliedAt}) from ${importBatch} where ${importBatch.runId} = ${importRun.id}), ${importRun.startedAt})`;
/** A background run whose job is queued or held by a worker: the worker resumes it, the sweep leaves it. */
const jobAlive = sql`exists (select 1 from ${job} where ${job.type} = ${IMPORT_JOB}
  and ${job.payload}->>'runId' = ${importRun.id}::text and ${job.status} in ('queued', 'running'))`;

/**
 * Ends the runs nobody is driving any more (a page closed mid-import, a command line killed): a
 * run still pending or running, no batch written or retried for `ABANDONED_AFTER_MINUTES`, and no
 * live background job. Each is closed as `failed` with the summary of what it wrote (the rows never
 * received count as errors), `abandoned: true`, and its one activity entry. Safe with several
 * processes: a run is taken with FOR UPDATE SKIP LOCKED and checked again under the lock, so it is
 * ended once; a batch being written holds the run's row, and a batch that comes later is refused.
 */
export async function endAbandonedImportRuns(now = new Date(), idleMinutes = ABANDONED_AFTER_MINUTES) {
  const cutoff = new Date(now.getTime() - idleMinutes * MINUTE);
  const stale = and(inArray(importRun.status, OPEN_STATUSES), sql`${lastActivity} < ${cutoff}`, sql`not ${jobAlive}`);
  const candidates = await db()
    .select({ id: importRun.id })
    .from(importRun)
    .where(stale)
    .orderBy(asc(importRun.startedAt))
    .limit(100);
  let ended = 0;
  for (const { id } of candidates) {
    const done = await withTransaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(importRun)
        .where(and(eq(importRun.id, id), stale))
        .for("update", { skipLocked: true });
      if (!locked) return false;
      const run = locked as LoadedRun;
      const summary = { ...(await summarizeRun(tx, run)), outcome: "failed" as const, abandoned: true };
      await closeRun(tx, run, "failed", summary);
      return true;
    });
    if (done) ended++;
  }
  if (ended > 0) logger.info({ ended, idleMinutes }, "import: ended abandoned runs");
  return ended;
}

/** Rows deleted per statement: a short statement each, so PGlite (in the process) never stalls the server. */
const PRUNE_CHUNK = 5_000;

/**
 * Removes the per-row results of runs that ended more than `IMPORT_ROWS_RETENTION_DAYS` ago. The
 * run itself stays (its summary, batches and file name) with `context.rowsRemovedAt`, and so does
 * its activity entry. Idempotent, in short statements; a sweep cut short is finished by the next.
 */
export async function pruneOldImportRows(now = new Date(), days = IMPORT_ROWS_RETENTION_DAYS, chunkSize = PRUNE_CHUNK) {
  const cutoff = new Date(now.getTime() - days * DAY);
  const runs = await db()
    .select({ id: importRun.id })
    .from(importRun)
    .where(
      and(
        inArray(importRun.status, ["finished", "failed"]),
        lt(importRun.finishedAt, cutoff),
        sql`exists (select 1 from ${importRow} where ${importRow.runId} = ${importRun.id})`,
      ),
    )
    .orderBy(asc(importRun.finishedAt));
  let rows = 0;
  for (const { id } of runs) {
    for (;;) {
      const chunk = db().select({ id: importRow.id }).from(importRow).where(eq(importRow.runId, id)).limit(chunkSize);
      const removed = await db().delete(importRow).where(inArray(importRow.id, chunk)).returning({ id: importRow.id });
      const n = removed.length;
      rows += n;
      if (n < chunkSize) break;
    }
    await db()
      .update(importRun)
      .set({
        context: sql`jsonb_set(coalesce(${importRun.context}, '{}'::jsonb), '{rowsRemovedAt}', to_jsonb(${now.toISOString()}::text))`,
      })
      .where(and(eq(importRun.id, id), sql`not coalesce(${importRun.context} ? 'rowsRemovedAt', false)`));
  }
  if (runs.length > 0) logger.info({ runs: runs.length, rows, days }, "import: removed old per-row results");
  return { runs: runs.length, rows };
}
