/**
 * Background imports (docs/decisions/014-import-runs.md): the file stored with its run and job, a
 * worker that claims the job, survives a shutdown and a crash (a process killed mid-batch on
 * PostgreSQL), resumes, and never applies a batch twice.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { count, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refusal } from "../../app/lib/refusal";
import { db } from "../../app/db/client.server";
import {
  activity,
  importBatch,
  importFile,
  importRow,
  importRun,
  job,
  priceHistory,
  product,
} from "../../app/db/schema";
import {
  runDueImportJobs,
  startBackgroundImport,
  startImportWorker,
  stopImportWorker,
} from "../../app/features/imports/run/jobs.server";
import { findImportRows } from "../../app/features/imports/run/rows.server";
import { getImportRun } from "../../app/features/imports/run/run.server";
import { setImportFaultsForTests } from "../../app/features/imports/run/batch.server";
import { freshImportData } from "../support/import-data";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

const DIR = path.resolve("tests/fixtures/quickbooks");
const read = (name: string) => readFileSync(path.join(DIR, name));
const EXPECTED = readFileSync(path.join(DIR, "EXPECTED.md"), "utf8");

function expectedStatuses(heading: string) {
  const lines = EXPECTED.slice(EXPECTED.indexOf(heading)).split("\n");
  const start = lines.findIndex((l) => l.startsWith("| "));
  const header = lines[start].split("|").map((c) => c.trim());
  const column = header.indexOf("Expected");
  const out: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const status = line.split("|").map((c) => c.trim())[column];
    out.push(status === "product" ? "success" : status);
  }
  return out;
}

let seller: { id: string };
let listSlug: string;

const countOf = async (table: typeof product | typeof priceHistory | typeof importRow | typeof importBatch) =>
  (await db().select({ n: count() }).from(table))[0].n;

beforeAll(async () => {
  seller = await makeUser("seller");
});

beforeEach(async () => {
  const list = await freshImportData(seller, "Background");
  listSlug = list.slug;
});

afterEach(async () => {
  setImportFaultsForTests(undefined);
  await stopImportWorker();
});

async function expectCompleteRun(runId: string, file: string, heading: string) {
  const view = await getImportRun(runId);
  expect(view).toMatchObject({ status: "finished", outcome: "success", mode: "background", fileName: file });
  const rows = await findImportRows(runId, { pageSize: 1000 });
  expect(rows.rows.map((r) => r.row)).toEqual(rows.rows.map((_, i) => i + 1));
  expect(rows.rows.map((r) => r.finalStatus)).toEqual(expectedStatuses(heading));
  // Stored file removed once the run ended; one activity entry for the run.
  expect(await db().select().from(importFile).where(eq(importFile.runId, runId))).toEqual([]);
  const entries = await db().select().from(activity).where(eq(activity.entityType, "import_run"));
  expect(entries.map((e) => e.entityId)).toEqual([runId]);
  return view!;
}

describe(`background imports (${test.kind})`, () => {
  it("stores the file, run and job; the worker imports it as the screen would", async () => {
    const started = await startBackgroundImport({
      actor: seller,
      listSlug,
      fileName: "qbd_small.csv",
      bytes: read("qbd_small.csv"),
    });
    if (!started.ok) throw new Error("not started");
    expect(started.run).toMatchObject({ status: "queued", mode: "background", listSlug });
    const [queued] = await db().select().from(job);
    expect(queued).toMatchObject({ type: "import", status: "queued", payload: { runId: started.run.id } });

    expect(await runDueImportJobs()).toBe(1);
    const view = await expectCompleteRun(started.run.id, "qbd_small.csv", "## qbd_small.csv");
    expect(view.summary).toMatchObject({ totalProcessed: 69, created: 50, processedInactive: 3, errors: 0 });
    const [done] = await db().select().from(job);
    expect(done).toMatchObject({ status: "done", attempts: 1, leaseUntil: null });
    expect(await runDueImportJobs()).toBe(0);
  });

  it("the worker started with the server picks a new job up at once", async () => {
    startImportWorker({ pollMs: 60_000, leaseMs: 5_000 });
    const started = await startBackgroundImport({
      actor: seller,
      listSlug,
      fileName: "qbo_small.csv",
      bytes: read("qbo_small.csv"),
    });
    if (!started.ok) throw new Error("not started");
    for (let i = 0; i < 200 && (await getImportRun(started.run.id))?.status !== "finished"; i++) await sleep(100);
    await expectCompleteRun(started.run.id, "qbo_small.csv", "## qbo_small.csv");
  });

  it("a shutdown stops after the batch in progress; the next start resumes without applying a batch twice", async () => {
    const started = await startBackgroundImport({
      actor: seller,
      listSlug,
      fileName: "qbo_small.csv",
      bytes: read("qbo_small.csv"),
      batchSize: 10,
    });
    if (!started.ok) throw new Error("not started");
    let applied = 0;
    await runDueImportJobs({
      shouldStop: () => applied >= 3,
      onProgress: (p) => {
        if (p.outcome.status === "applied") applied++;
      },
    });
    expect(applied).toBe(3);
    const [stopped] = await db().select().from(job);
    expect(stopped).toMatchObject({ status: "queued", attempts: 0, workerId: null });
    expect(await countOf(importBatch)).toBe(3);
    expect((await getImportRun(started.run.id))?.progress).toMatchObject({ appliedBatches: 3, processedRows: 30 });

    expect(await runDueImportJobs()).toBe(1);
    await expectCompleteRun(started.run.id, "qbo_small.csv", "## qbo_small.csv");
    expect(await countOf(importBatch)).toBe(7);
    expect(await countOf(importRow)).toBe(69);
    expect(await countOf(priceHistory)).toBe(48);
  });

  it("a job whose worker died (lease run out) is claimed again; one still held is not", async () => {
    const started = await startBackgroundImport({
      actor: seller,
      listSlug,
      fileName: "qbo_small.csv",
      bytes: read("qbo_small.csv"),
    });
    if (!started.ok) throw new Error("not started");
    await db()
      .update(job)
      .set({ status: "running", workerId: "gone", leaseUntil: sql`now() + interval '1 minute'`, attempts: 1 });
    expect(await runDueImportJobs()).toBe(0);
    await db()
      .update(job)
      .set({ leaseUntil: sql`now() - interval '1 second'` });
    expect(await runDueImportJobs()).toBe(1);
    await expectCompleteRun(started.run.id, "qbo_small.csv", "## qbo_small.csv");
    expect((await db().select().from(job))[0]).toMatchObject({ status: "done", attempts: 2 });
  });

  it("refuses at once a file that is not a QuickBooks CSV, a missing list, and a store that fails", async () => {
    const empty = await startBackgroundImport({
      actor: seller,
      listSlug,
      fileName: "e.csv",
      bytes: read("bad/empty.csv"),
    });
    expect(empty).toMatchObject({ ok: false, rejection: { code: "empty_file" } });
    const xlsx = await startBackgroundImport({
      actor: seller,
      listSlug,
      fileName: "x.csv",
      bytes: read("bad/binary_xlsx_renamed.csv"),
    });
    expect(xlsx).toMatchObject({ ok: false, rejection: { code: "spreadsheet_not_csv" } });
    await expect(
      startBackgroundImport({ actor: seller, listSlug: "missing", fileName: "q.csv", bytes: read("qbo_small.csv") }),
    ).rejects.toMatchObject({ code: "run.errors.listNotFound", status: 404 });
    await expect(
      startBackgroundImport({ actor: null, listSlug, fileName: "q.csv", bytes: read("qbo_small.csv") }),
    ).rejects.toMatchObject({ code: "run.errors.notAuthenticated", status: 401 });

    // The database refuses the stored file: it throws, and nothing is left behind.
    await db().execute(sql`alter table import_file rename to import_file_away`);
    try {
      // (The route answers that failure with 'Error initiating the import process…': int/import-screen-run.)
      await expect(
        startBackgroundImport({ actor: seller, listSlug, fileName: "q.csv", bytes: read("qbo_small.csv") }),
      ).rejects.not.toBeInstanceOf(Refusal);
    } finally {
      await db().execute(sql`alter table import_file_away rename to import_file`);
    }
    expect(await db().select().from(importRun)).toEqual([]);
    expect(await db().select().from(job)).toEqual([]);
  });

  it("a file refused while the job reads it fails its run with nothing written", async () => {
    const started = await startBackgroundImport({
      actor: seller,
      listSlug,
      fileName: "unclosed_quote.csv",
      bytes: read("bad/unclosed_quote.csv"),
    });
    if (!started.ok) throw new Error("not started");
    expect(await runDueImportJobs()).toBe(1);
    const view = await getImportRun(started.run.id);
    expect(view).toMatchObject({
      status: "failed",
      outcome: "failed",
      summary: { rejection: { code: "unclosed_quote", line: 4 }, totalProcessed: 0 },
    });
    expect(await countOf(product)).toBe(0);
    expect((await db().select().from(job))[0].status).toBe("done");
  });
});

describe.runIf(test.kind === "postgres")("a worker process killed in the middle of a batch (postgres)", () => {
  function runWorker(env: Record<string, string>) {
    return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/import-worker-child.ts"], {
        env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: test.url!, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk));
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.once("error", reject);
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, output });
      });
    });
  }

  it("resumes from the last committed batch; the killed batch is not half-applied and none is applied twice", async () => {
    const started = await startBackgroundImport({
      actor: seller,
      listSlug,
      fileName: "qbo_small.csv",
      bytes: read("qbo_small.csv"),
      batchSize: 10,
    });
    if (!started.ok) throw new Error("not started");

    // The first worker dies inside batch 4's transaction, its writes done and not committed.
    const killed = await runWorker({ KILL_IN_BATCH: "4", LEASE_MS: "1500" });
    expect(killed.signal).toBe("SIGKILL");
    const batches = await db().select().from(importBatch).orderBy(importBatch.number);
    expect(batches.map((b) => [b.number, b.status])).toEqual([
      [1, "applied"],
      [2, "applied"],
      [3, "applied"],
    ]);
    expect(await countOf(importRow)).toBe(30);
    const createdSoFar = await countOf(product);
    expect(await countOf(priceHistory)).toBe(createdSoFar);
    expect((await db().select().from(job))[0]).toMatchObject({ status: "running", attempts: 1 });

    // A new worker process claims it once the dead one's lease has run out, and finishes it.
    await sleep(1_600);
    const resumed = await runWorker({ LEASE_MS: "1500" });
    expect([resumed.code, resumed.output.trim()]).toEqual([0, JSON.stringify({ ran: 1 })]);

    await expectCompleteRun(started.run.id, "qbo_small.csv", "## qbo_small.csv");
    expect(await countOf(importBatch)).toBe(7);
    expect(await countOf(importRow)).toBe(69);
    const rowNumbers = await db()
      .select({ n: sql<number>`count(distinct ${importRow.rowNumber})` })
      .from(importRow);
    expect(Number(rowNumbers[0].n)).toBe(69);
    expect(await countOf(product)).toBe(48);
    expect(await countOf(priceHistory)).toBe(48);
    expect((await db().select().from(job))[0]).toMatchObject({ status: "done", attempts: 2 });
  });
});
