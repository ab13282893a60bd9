import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { demoEmails, signIn } from "../../tests/support/server";
import {
  measureParts,
  onTemporaryPglite,
  onThrowawayPostgres,
  residentMemoryMb,
  startSite,
  type BenchSuite,
  type Measurement,
  type RunningSite,
} from "./bench";
import { argValue } from "./cli";
import { percentile, runLoad, type LoadTarget } from "./load-test";

const LOAD_SECONDS = Number(argValue("load-seconds") ?? 60);
const CONNECTIONS = 50;
const OUTAGE_SECONDS = 20;
/** What a browser sends: the cached public pages answer gzip, the rest is compressed per response. */
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd", "accept-language": "en-US,en;q=0.9" };

/** The server's resident memory, sampled every 250 ms while `fn` runs: the highest seen. */
async function peakRss<T>(pid: number | undefined, fn: () => Promise<T>) {
  let peak = pid ? (residentMemoryMb(pid) ?? 0) : 0;
  const timer = setInterval(() => {
    if (pid) peak = Math.max(peak, residentMemoryMb(pid) ?? 0);
  }, 250);
  try {
    return { result: await fn(), peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

/**
 * 50 connections for --load-seconds on each page in turn, as a visitor, a customer and a seller;
 * and the public pages rendered afresh each time (a query parameter the page does not know keeps
 * the answer out of the cache), side by side, for what the cache gives.
 */
async function loadPages(site: RunningSite, database: string): Promise<Measurement[]> {
  const customer = await signIn(site.url, demoEmails.customer);
  const seller = await signIn(site.url, demoEmails.seller);
  const targets: (LoadTarget & { budget?: number })[] = [
    { name: "/ (visitor)", url: `${site.url}/`, headers: BROWSER },
    { name: "/ rendered afresh", url: `${site.url}/?fresh`, headers: BROWSER },
    { name: "/prices (visitor)", url: `${site.url}/prices`, headers: BROWSER },
    { name: "/prices rendered afresh", url: `${site.url}/prices?fresh`, headers: BROWSER },
    { name: "/pricesprivate (customer)", url: `${site.url}/pricesprivate`, headers: { ...BROWSER, cookie: customer } },
    { name: "/dashboard (seller)", url: `${site.url}/dashboard`, headers: { ...BROWSER, cookie: seller } },
  ];
  const rows: Measurement[] = [];
  const rps = new Map<string, number>();
  let peakMb = 0;
  for (const target of targets) {
    const { result, peakMb: peak } = await peakRss(site.pid, () =>
      runLoad({ ...target, pid: site.pid }, { connections: CONNECTIONS, seconds: LOAD_SECONDS }),
    );
    peakMb = Math.max(peakMb, peak);
    rps.set(target.name, result.requestsPerSecond);
    rows.push({
      what: `${database}: ${target.name}, ${CONNECTIONS} connections`,
      value: result.requestsPerSecond,
      unit: "req/s",
      note: `p50 ${percentile(result.latenciesMs, 50).toFixed(0)} ms, p99 ${percentile(result.latenciesMs, 99).toFixed(0)} ms, ${result.failures} errors, ${result.requests} requests in ${result.seconds.toFixed(0)} s, ${(result.meanBytes / 1024).toFixed(1)} KB each`,
    });
  }
  for (const page of ["/", "/prices"]) {
    const kept = rps.get(`${page} (visitor)`)!;
    const fresh = rps.get(`${page} rendered afresh`)!;
    rows.push({
      what: `${database}: ${page} from the cache vs rendered afresh`,
      value: fresh > 0 ? kept / fresh : null,
      unit: "ratio",
      budget: { min: 10 },
      digits: 1,
    });
  }
  rows.push({
    what: `${database}: server peak RSS under that load`,
    value: peakMb,
    unit: "MB",
    budget: database === "PGlite" ? { max: 700 } : undefined,
    note: site.pid ? `idle afterwards: ${(residentMemoryMb(site.pid) ?? 0).toFixed(0)} MB` : undefined,
  });
  return rows;
}

/**
 * The demo catalogue and accounts, which the site seeds by itself only on the embedded database:
 * by the seed command, in a process of its own, as an operator would.
 */
function seedDemo(url: string, dataDir: string) {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--demo"], {
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
    timeout: 300_000,
  });
}

type Answer = { at: number; status: number; signedOut: boolean };

/**
 * `workers` signed-in requests at a time to `path` until `seconds` have passed, each answer noted
 * with its time, its status and whether it ended the session (a redirect to /login, or a
 * session cookie cleared).
 */
async function signedInTraffic(url: string, cookie: string, seconds: number, workers = 10) {
  const answers: Answer[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      try {
        const res = await fetch(url, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        const cleared = res.headers
          .getSetCookie()
          .some((c) => c.includes("session_token=") && (/max-age=0/i.test(c) || /^[^=]+=;/.test(c)));
        const toLogin = res.status >= 300 && res.status < 400 && (res.headers.get("location") ?? "").includes("/login");
        answers.push({ at: (performance.now() - started) / 1000, status: res.status, signedOut: cleared || toLogin });
      } catch {
        answers.push({ at: (performance.now() - started) / 1000, status: 0, signedOut: false });
        await sleep(100);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return answers;
}

/**
 * PostgreSQL stopped for 20 s under signed-in traffic, then started again: nobody is signed out,
 * the pages answer 503 meanwhile and 200 again once the database is back.
 */
function outage(): Promise<Measurement[]> {
  return onThrowawayPostgres("resilience-outage", async (url, dataDir, postgres): Promise<Measurement[]> => {
    seedDemo(url, dataDir);
    const site = await startSite(dataDir, { env: { DATABASE_URL: url } });
    try {
      const cookie = await signIn(site.url, demoEmails.seller);
      const before = 10;
      const traffic = signedInTraffic(`${site.url}/dashboard`, cookie, before + OUTAGE_SECONDS + 20);
      await sleep(before * 1000);
      const stoppedAt = before;
      postgres.pause();
      await sleep(OUTAGE_SECONDS * 1000);
      postgres.resume();
      const answers = await traffic;
      const backAt = stoppedAt + OUTAGE_SECONDS;
      const firstOkAfter = answers.find((a) => a.at > backAt && a.status === 200);
      const statuses = new Map<number, number>();
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      const after = await fetch(`${site.url}/dashboard`, { headers: { cookie }, redirect: "manual" });
      return [
        {
          what: `PostgreSQL stopped ${OUTAGE_SECONDS} s under signed-in traffic: sign-outs`,
          value: answers.filter((a) => a.signedOut).length,
          unit: "",
          budget: { max: 0 },
          note: `${answers.length} answers: ${[...statuses].map(([s, n]) => `${s || "no answer"} ×${n}`).join(", ")}; still signed in afterwards: ${after.status === 200 ? "yes" : `no (${after.status})`}`,
        },
        {
          what: "  pages back after the database is: first 200",
          value: firstOkAfter ? firstOkAfter.at - backAt : null,
          unit: "s",
          digits: 1,
          note: "from the start command's return (the database accepting connections)",
        },
      ];
    } finally {
      await site.stop();
    }
  });
}

/**
 * Two instances on one PostgreSQL; a background import of the 60,000-row file started on the
 * first, which is killed (SIGKILL) part-way: the second takes the job over once its lease runs out
 * and finishes it, every batch applied once.
 */
function importKilledMidway(): Promise<Measurement[]> {
  return onThrowawayPostgres("resilience-two", async (url, dataDir): Promise<Measurement[]> => {
    const secondDir = mkdtempSync(path.join(tmpdir(), "bench-resilience-second-"));
    const sites: RunningSite[] = [];
    try {
      seedDemo(url, dataDir);
      const env = { DATABASE_URL: url };
      sites.push(await startSite(dataDir, { env }));
      sites.push(await startSite(secondDir, { env }));
      const [first] = sites;
      const cookie = await signIn(first.url, demoEmails.seller);
      const form = new FormData();
      form.append("intent", "background");
      form.append("list", "wholesale");
      form.append(
        "file",
        new Blob([readFileSync(path.resolve("tests/fixtures/quickbooks/qbo_large.csv"))], { type: "text/csv" }),
        "qbo_large.csv",
      );
      const started = await fetch(`${first.url}/import-quickbooks/runs`, {
        method: "POST",
        headers: { cookie },
        body: form,
      });
      const { runId } = (await started.json()) as { runId: string };
      if (!runId) throw new Error(`The background import did not start: ${started.status}`);

      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const batches = async () =>
          (
            await db.query<{ n: string; distinct_n: string }>(
              "select count(*) as n, count(distinct number) as distinct_n from import_batch where run_id = $1",
              [runId],
            )
          ).rows[0];
        // Killed once a few batches are in, well before the end.
        const deadline = performance.now() + 300_000;
        while (Number((await batches()).n) < 5) {
          if (performance.now() > deadline) throw new Error("The import applied no batch within 5 minutes.");
          await sleep(100);
        }
        const killedAfter = Number((await batches()).n);
        process.kill(first.pid!, "SIGKILL");
        const killedAt = performance.now();
        let run: { status: string; total_batches: number };
        for (;;) {
          run = (
            await db.query<{ status: string; total_batches: number }>(
              "select status, total_batches from import_run where id = $1",
              [runId],
            )
          ).rows[0];
          if (run.status === "finished" || run.status === "failed") break;
          if (performance.now() > deadline + 300_000)
            throw new Error("The import was not finished by the second instance.");
          await sleep(250);
        }
        const finishedIn = (performance.now() - killedAt) / 1000;
        const counted = await batches();
        const job = (
          await db.query<{ attempts: number; status: string }>(
            "select attempts, status from job where payload->>'runId' = $1",
            [runId],
          )
        ).rows[0];
        return [
          {
            what: "two instances, import killed midway: batches applied twice",
            value: Number(counted.n) - Number(counted.distinct_n),
            unit: "",
            budget: { max: 0 },
            note: `run ${run.status}: ${counted.n} of ${run.total_batches} batches recorded; killed after ${killedAfter}; job ${job?.status} after ${job?.attempts} claims (resumed once: ${job?.attempts === 2 ? "yes" : "no"})`,
          },
          {
            what: "  finished by the other instance, from the kill",
            value: finishedIn,
            unit: "s",
            digits: 1,
            note: "includes waiting for the dead worker's 30 s lease to run out",
          },
        ];
      } finally {
        await db.end();
      }
    } finally {
      for (const site of sites) await site.stop().catch(() => {});
      rmSync(secondDir, { recursive: true, force: true });
    }
  });
}

export const resilienceSuite: BenchSuite = {
  name: "resilience",
  run: () =>
    measureParts([
      () =>
        onTemporaryPglite("resilience", async (dataDir) => {
          // The first start creates and seeds the database in the server's own process; a
          // server that has been running is one started again on its data.
          await (await startSite(dataDir)).stop();
          const site = await startSite(dataDir);
          try {
            return await loadPages(site, "PGlite");
          } finally {
            await site.stop();
          }
        }),
      () =>
        onThrowawayPostgres("resilience", async (url, dataDir) => {
          seedDemo(url, dataDir);
          const site = await startSite(dataDir, { env: { DATABASE_URL: url } });
          try {
            return await loadPages(site, "PostgreSQL");
          } finally {
            await site.stop();
          }
        }),
      outage,
      importKilledMidway,
    ]),
};
