import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { activity, importBatch, importRun, job, user } from "../../app/db/schema";
import { seedDemoAccounts } from "../../app/setup/seed.server";
import { startBackgroundImport } from "../../app/features/imports/run/jobs.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";
import { demoEmails, startAppServer, type AppServer } from "../support/server";
import { useTestDatabase } from "../support/test-db";

/**
 * The scale path (docs/decisions/024-budgets-and-rules.md) for background imports: two app
 * processes on one PostgreSQL, each with its own import worker, take the queued jobs at the same
 * time. Every job is claimed once (FOR UPDATE SKIP LOCKED, then a lease), every batch applied once,
 * every run finished with one activity entry; both workers take part.
 */
const onPostgres = process.env.TEST_DB === "postgres";
const test = onPostgres ? await useTestDatabase() : null;

const JOBS = 8;
// One row a batch: each job then takes long enough (about a second) for both workers to be busy at once.
const BATCH_SIZE = 1;
const file = readFileSync(path.resolve("tests/fixtures/quickbooks/qbo_small.csv"));

let servers: AppServer[] = [];
let seller: { id: string };
const lists: Array<{ slug: string }> = [];

beforeAll(async () => {
  if (!test) return;
  await seedDemoAccounts();
  [seller] = await db()
    .select({ id: user.id })
    .from(user)
    .where(sql`${user.email} = ${demoEmails.seller}`);
  for (const name of ["Two workers A", "Two workers B"]) {
    lists.push(await createPriceList(seller, emptyListInput(name)));
  }
  servers = await Promise.all([startAppServer({ databaseUrl: test.url }), startAppServer({ databaseUrl: test.url })]);
}, 300_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

// Skipped on PGlite: two processes cannot open one embedded database
// (docs/decisions/008-data-dir-lock.md).
describe.skipIf(!onPostgres)(
  "background import jobs across two server processes on one PostgreSQL (skipped unless TEST_DB=postgres)",
  () => {
    it("takes each job once, applies each batch once, and both workers take part", async () => {
      // Stored by this process, which has no worker, once both servers are up: their workers,
      // polling every 2 s, find the jobs waiting and take them at the same time.
      const runIds: string[] = [];
      for (let i = 0; i < JOBS; i++) {
        const started = await startBackgroundImport({
          actor: seller,
          listSlug: lists[i % 2].slug,
          fileName: `qbo_small-${i + 1}.csv`,
          bytes: file,
          batchSize: BATCH_SIZE,
        });
        if (!started.ok) throw new Error("not started");
        runIds.push(started.run.id);
      }
      const deadline = Date.now() + 240_000;
      for (;;) {
        const open = await db()
          .select({ id: importRun.id })
          .from(importRun)
          .where(inArray(importRun.status, ["queued", "pending", "running"]));
        if (open.length === 0) break;
        if (Date.now() > deadline) throw new Error(`${open.length} runs still open`);
        await sleep(500);
      }

      const jobs = await db().select().from(job);
      expect(jobs).toHaveLength(JOBS);
      for (const claimed of jobs) expect(claimed).toMatchObject({ status: "done", attempts: 1 });
      // worker ids are host:pid:random: one process each.
      const processes = new Set(jobs.map((j) => j.workerId!.split(":").slice(0, 2).join(":")));
      expect(processes.size).toBe(2);

      const batches = await db().select().from(importBatch);
      expect(batches).toHaveLength(JOBS * Math.ceil(69 / BATCH_SIZE));
      expect(batches.every((b) => b.status === "applied" && b.attempts === 1)).toBe(true);
      for (const id of runIds) {
        const [run] = await db().select().from(importRun).where(eq(importRun.id, id));
        expect(run, run.fileName).toMatchObject({ status: "finished", outcome: "success" });
      }
      const entries = await db()
        .select({ id: activity.entityId })
        .from(activity)
        .where(eq(activity.entityType, "import_run"));
      expect(entries.map((e) => e.id).sort()).toEqual([...runIds].sort());
      for (const server of servers) expect(server.errors()).toEqual([]);
    }, 300_000);
  },
);
