/**
 * The import's part of the periodic sweep (docs/decisions/017-import-row-errors-and-upkeep.md):
 * runs nobody drives any more are ended as failed with what they wrote, once, whichever process
 * sweeps; background runs whose job is alive are left to the worker; the per-row results of runs
 * ended 90 days ago are removed, their summary and activity entry kept.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { activity, importBatch, importRow, importRun, product } from "../../app/db/schema";
import { understandFile } from "../../app/features/imports/engine";
import { exportImportRowsCsv } from "../../app/features/imports/run/export.server";
import { importQuickBooksFile } from "../../app/features/imports/run/import-file.server";
import { startBackgroundImport } from "../../app/features/imports/run/jobs.server";
import { endAbandonedImportRuns, pruneOldImportRows } from "../../app/features/imports/run/retention.server";
import { applyImportBatch } from "../../app/features/imports/run/batch.server";
import { findImportRows } from "../../app/features/imports/run/rows.server";
import { finishImportRun, getImportRun, startImportRun } from "../../app/features/imports/run/run.server";
import { ABANDONED_AFTER_MINUTES, IMPORT_ROWS_RETENTION_DAYS } from "../../app/features/imports/run/run-messages";
import { setImportFaultsForTests } from "../../app/features/imports/run/batch.server";
import { freshImportData } from "../support/import-data";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

const MINUTE = 60_000;
const DIR = path.resolve("tests/fixtures/quickbooks");
const read = (name: string) => readFileSync(path.join(DIR, name));

let seller: { id: string };
let listSlug: string;

/** A run of qbo_small.csv as the screen starts it, in batches of 25, with the cells of each batch. */
async function startRun() {
  const understood = await understandFile(read("qbo_small.csv"));
  if (!understood.ok) throw new Error("refused");
  const run = await startImportRun({
    actor: seller,
    listSlug,
    fileName: "qbo_small.csv",
    format: understood.format,
    totalRows: understood.totalRows,
    batchSize: 25,
    duplicates: [...understood.superseded],
  });
  const batch = (n: number) =>
    understood.rows.slice((n - 1) * 25, n * 25).map((r) => ({ row: r.row, line: r.line, cells: r.raw.cells }));
  return { run, batch };
}

const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const runEntries = async () =>
  (await db().select({ n: count() }).from(activity).where(eq(activity.entityType, "import_run")))[0].n;

beforeAll(async () => {
  seller = await makeUser("seller");
});

beforeEach(async () => {
  const list = await freshImportData(seller, "Sweep");
  listSlug = list.slug;
});

afterEach(() => setImportFaultsForTests(undefined));

describe(`abandoned import runs (${test.kind})`, () => {
  it("a run whose page was closed is ended as failed after 30 minutes, with what it wrote, once", async () => {
    const { run, batch } = await startRun();
    expect(run.totalBatches).toBe(3);
    const first = await applyImportBatch(run.id, 1, batch(1));
    if (first.status !== "applied") throw new Error("not applied");
    const created = first.rows.filter((r) => r.action === "created").length;

    // Still being driven: nothing happens before the time is up.
    expect(await endAbandonedImportRuns(later(ABANDONED_AFTER_MINUTES - 1))).toBe(0);
    expect((await getImportRun(run.id))?.status).toBe("running");

    expect(await endAbandonedImportRuns(later(ABANDONED_AFTER_MINUTES + 1))).toBe(1);
    const view = await getImportRun(run.id);
    expect(view).toMatchObject({
      status: "failed",
      outcome: "failed",
      abandoned: true,
      progress: { appliedBatches: 1, processedRows: 25 },
      summary: {
        abandoned: true,
        outcome: "failed",
        totalRows: 69,
        totalProcessed: 25,
        created,
        notProcessed: 44,
        appliedBatches: 1,
      },
    });
    expect(view?.finishedAt).not.toBeNull();
    // What it wrote stays; its one activity entry says so.
    expect((await db().select({ n: count() }).from(product))[0].n).toBe(created);
    const [entry] = await db().select().from(activity).where(eq(activity.entityType, "import_run"));
    expect(entry).toMatchObject({ entityId: run.id, actorId: seller.id });
    expect(entry.changes).toMatchObject({ outcome: "failed", counts: { totalProcessed: 25, created } });

    // The page coming back: its next batch is refused, its summary is the stored one.
    await expect(applyImportBatch(run.id, 2, batch(2))).rejects.toMatchObject({
      code: "run.errors.runClosed",
      status: 409,
    });
    expect(await finishImportRun(run.id)).toEqual(view?.summary);
    // Ended once: a second sweep finds nothing.
    expect(await endAbandonedImportRuns(later(ABANDONED_AFTER_MINUTES + 60))).toBe(0);
    expect(await runEntries()).toBe(1);
  });

  it("a run started but never sent a batch is ended with nothing written; a retried batch counts as a sign of life", async () => {
    const idle = await startRun();
    await db()
      .update(importRun)
      .set({ startedAt: new Date(Date.now() - 2 * ABANDONED_AFTER_MINUTES * MINUTE) })
      .where(eq(importRun.id, idle.run.id));

    // Another run, started as long ago, whose batch failed a first attempt just now: alive.
    const retrying = await startRun();
    await db()
      .update(importRun)
      .set({ startedAt: new Date(Date.now() - 2 * ABANDONED_AFTER_MINUTES * MINUTE) })
      .where(eq(importRun.id, retrying.run.id));
    setImportFaultsForTests({
      beforeCommit: () => {
        throw new Error("injected fault");
      },
    });
    expect(await applyImportBatch(retrying.run.id, 1, retrying.batch(1))).toMatchObject({ status: "retry" });
    setImportFaultsForTests(undefined);

    expect(await endAbandonedImportRuns()).toBe(1);
    expect(await getImportRun(idle.run.id)).toMatchObject({
      status: "failed",
      abandoned: true,
      summary: { totalProcessed: 0, notProcessed: 69, errorCount: 69, outcome: "failed" },
    });
    // Still open (its first attempt was rolled back, so it has not been marked running yet).
    expect((await getImportRun(retrying.run.id))?.status).toBe("pending");
  });

  it("leaves a background run whose job is alive to the worker", async () => {
    const started = await startBackgroundImport({
      actor: seller,
      listSlug,
      fileName: "qbd_small.csv",
      bytes: read("qbd_small.csv"),
    });
    if (!started.ok) throw new Error("not started");
    // Claimed by a worker that is still working on it.
    await db().update(importRun).set({ status: "running" }).where(eq(importRun.id, started.run.id));
    await db().execute(
      sql`update job set status = 'running', lease_until = now() + interval '30 seconds', worker_id = 'elsewhere'`,
    );
    expect(await endAbandonedImportRuns(later(24 * 60))).toBe(0);
    expect((await getImportRun(started.run.id))?.status).toBe("running");
  });

  it("two sweeps at the same time end each run once", async () => {
    const runs = [await startRun(), await startRun(), await startRun()];
    for (const { run, batch } of runs) await applyImportBatch(run.id, 1, batch(1));
    const when = later(ABANDONED_AFTER_MINUTES + 5);
    const ended = await Promise.all([endAbandonedImportRuns(when), endAbandonedImportRuns(when)]);
    expect(ended[0] + ended[1]).toBe(3);
    expect(await runEntries()).toBe(3);
    for (const { run } of runs) expect((await getImportRun(run.id))?.status).toBe("failed");
  });

  // On PGlite one connection serves every query, so a sweep cannot run beside an open batch.
  it.skipIf(test.kind !== "postgres")("a batch being written holds its run: the sweep leaves it", async () => {
    const { run, batch } = await startRun();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside = () => {};
    const entered = new Promise<void>((resolve) => (inside = resolve));
    setImportFaultsForTests({
      beforeCommit: async () => {
        inside();
        await held;
      },
    });
    const writing = applyImportBatch(run.id, 1, batch(1));
    await entered;
    expect(await endAbandonedImportRuns(later(ABANDONED_AFTER_MINUTES + 1))).toBe(0);
    release();
    expect(await writing).toMatchObject({ status: "applied", repeated: false });
    expect((await getImportRun(run.id))?.status).toBe("running");
  });
});

describe(`old import rows (${test.kind})`, () => {
  const DAY = 24 * 60 * MINUTE;
  async function finishedRun(daysAgo: number) {
    const result = await importQuickBooksFile({
      actor: seller,
      fileName: "qbo_small.csv",
      bytes: read("qbo_small.csv"),
      listSlug,
    });
    if (!result.ok) throw new Error("refused");
    const runId = result.summary.runId!;
    await db()
      .update(importRun)
      .set({ finishedAt: new Date(Date.now() - daysAgo * DAY) })
      .where(eq(importRun.id, runId));
    return runId;
  }
  const rowsOf = async (runId: string) =>
    (await db().select({ n: count() }).from(importRow).where(eq(importRow.runId, runId)))[0].n;

  it("removes the per-row results of runs ended 90 days ago, keeping their summary and activity entry", async () => {
    const old = await finishedRun(IMPORT_ROWS_RETENTION_DAYS + 1);
    const recent = await finishedRun(IMPORT_ROWS_RETENTION_DAYS - 1);
    // A run still open is never pruned, however old.
    const open = await startRun();
    await applyImportBatch(open.run.id, 1, open.batch(1));
    await db()
      .update(importRun)
      .set({ startedAt: new Date(Date.now() - 365 * DAY) })
      .where(eq(importRun.id, open.run.id));
    const before = await getImportRun(old);
    expect(before?.rowsRemovedAt).toBeNull();
    const products = (await db().select({ n: count() }).from(product))[0].n;

    // Small chunks, so the removal takes several statements.
    expect(await pruneOldImportRows(new Date(), IMPORT_ROWS_RETENTION_DAYS, 20)).toEqual({ runs: 1, rows: 69 });

    expect(await rowsOf(old)).toBe(0);
    expect(await rowsOf(recent)).toBe(69);
    expect(await rowsOf(open.run.id)).toBe(25);
    const after = await getImportRun(old);
    expect(after?.rowsRemovedAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(after!.rowsRemovedAt!)).toBeLessThan(60_000);
    // The run as the screen lists it: the same summary and progress, and the fact that its rows are gone.
    expect({ ...after, rowsRemovedAt: null }).toEqual(before);
    expect((await getImportRun(recent))?.rowsRemovedAt).toBeNull();
    const page = await findImportRows(old);
    expect(page).toMatchObject({ rows: [], total: 0 });
    expect((await exportImportRowsCsv(old, { lang: "en" })).csv.trim().split("\n")).toHaveLength(1);
    // The activity entries of both runs and the batches stay; nothing of the catalogue changes.
    const entries = await db()
      .select({ id: activity.entityId })
      .from(activity)
      .where(eq(activity.entityType, "import_run"));
    expect(entries.map((e) => e.id).sort()).toEqual([old, recent].sort());
    expect((await db().select({ n: count() }).from(importBatch).where(eq(importBatch.runId, old)))[0].n).toBe(1);
    expect((await db().select({ n: count() }).from(product))[0].n).toBe(products);

    // Nothing more on the next sweep; the recent run goes once its time has come.
    expect(await pruneOldImportRows()).toEqual({ runs: 0, rows: 0 });
    expect(await pruneOldImportRows(new Date(Date.now() + 2 * DAY))).toEqual({ runs: 1, rows: 69 });
    expect((await getImportRun(old))?.rowsRemovedAt).toEqual(after?.rowsRemovedAt);
  });
});
