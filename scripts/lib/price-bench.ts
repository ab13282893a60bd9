import { spawn } from "node:child_process";
import { demoAccounts } from "../../app/setup/seed-data";
import { centsToInput } from "../../app/lib/money";
import { signIn } from "../../tests/support/server";
import {
  freePort,
  median,
  onTemporaryPglite,
  onThrowawayPostgres,
  startSite,
  SuiteFailure,
  type BenchSuite,
  type Measurement,
  type RunningSite,
} from "./bench";
import { argValue } from "./cli";
import { compareUnderLoad, cpuPerRequestMs, percentile, type LoadTarget } from "./load-test";
import { BENCH_PRODUCTS, seedPriceBench, withBenchDatabase, type PriceBenchList } from "./price-bench-data";
import { PriceEventStream, saveEditedPrice } from "./price-event-stream";
import { timeEditorSaves } from "./price-save-bench";

/**
 * docs/decisions/024-budgets-and-rules.md: the app's price page keeps at least this share of a bare
 * handler's throughput.
 */
export const THROUGHPUT_BUDGET = 0.7;
/** Connections held open by the load generator; also the concurrency the p95 latency is read at. */
export const CONNECTIONS = 8;
/**
 * Fewer completed requests than this per target make a shaky figure: requests still open when a
 * run ends are not counted, which weighs heavily when each takes seconds.
 */
const MIN_REQUESTS = 20 * CONNECTIONS;

export type PriceBenchOptions = {
  /** Seconds of each counted load run, and of each warm-up run. */
  seconds: number;
  warmupSeconds: number;
  /** Counted runs per target, alternating the order (A B B A ...). */
  rounds: number;
  /** Timed saves of 500 prices per database. */
  saveRuns: number;
  saveEdits: number;
  /** Single-price saves whose event is timed per database. */
  eventSaves: number;
};

export function priceBenchOptions(): PriceBenchOptions {
  const n = (name: string, fallback: number) => {
    const value = Number(argValue(name) ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number.`);
    return value;
  };
  return {
    // Many short rounds, alternating: a shared machine's speed drifts by a fifth from minute to
    // minute, and two long rounds let one target catch a slow spell the other did not.
    seconds: n("duration", 5),
    warmupSeconds: n("warmup", 3),
    rounds: n("rounds", 6),
    saveRuns: n("save-runs", 7),
    saveEdits: 500,
    eventSaves: n("event-saves", 20),
  };
}

const seller = demoAccounts.find((a) => a.role === "seller")!;
const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(", ");

/** The bare handler (scripts/lib/bare-price-server.tsx) as its own process, like the app. */
async function startBareServer(databaseUrl: string): Promise<RunningSite> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/lib/bare-price-server.tsx"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let exited = false;
  const done = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
      if (output.includes("listening")) resolve();
    });
    void done.then(() => reject(new Error(`The bare price server exited before it listened:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (!exited) child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await done;
      clearTimeout(force);
    },
  };
}

/** A page must be the whole list before its throughput means anything. */
async function assertFullPage(target: LoadTarget) {
  const res = await fetch(target.url, { headers: target.headers, redirect: "manual" });
  const html = await res.text();
  const rows = html.match(/data-product="/g)?.length ?? 0;
  if (res.status !== 200 || rows !== BENCH_PRODUCTS) {
    throw new Error(
      `${target.name}: GET ${target.url} answered ${res.status} with ${rows} product rows, not ${BENCH_PRODUCTS}.`,
    );
  }
}

async function measureThroughput(
  site: RunningSite,
  bare: RunningSite,
  cookie: string,
  list: PriceBenchList,
  o: PriceBenchOptions,
) {
  const app: LoadTarget = {
    name: "app route",
    url: `${site.url}/pricesprivate/${list.slug}`,
    headers: { cookie },
    pid: site.pid,
  };
  const baseline: LoadTarget = { name: "bare handler", url: `${bare.url}/pricesprivate/${list.slug}`, pid: bare.pid };
  await assertFullPage(app);
  await assertFullPage(baseline);
  const [a, b] = await compareUnderLoad([app, baseline], {
    connections: CONNECTIONS,
    seconds: o.seconds,
    warmupSeconds: o.warmupSeconds,
    rounds: o.rounds,
  });
  const failed = (r: typeof a.result) =>
    (r.failures > 0 ? `; ${r.failures} requests failed` : "") +
    (r.requests < MIN_REQUESTS ? `; only ${r.requests} requests: too few to trust (is the machine busy?)` : "");
  const appCpu = cpuPerRequestMs(a.result);
  const bareCpu = cpuPerRequestMs(b.result);
  const kb = (r: typeof a.result) => `${(r.meanBytes / 1024).toFixed(0)} KB a page`;
  const how = `${CONNECTIONS} connections, ${o.rounds} x ${o.seconds} s alternating, after ${o.warmupSeconds} s warm-up`;
  return [
    {
      what: `price page, ${BENCH_PRODUCTS.toLocaleString("en-US")} products, PostgreSQL: app route`,
      value: a.result.requestsPerSecond,
      unit: "req/s",
      digits: 1,
      note: `GET /pricesprivate/{id} signed in as seller; ${how}; ${kb(a.result)}${failed(a.result)}`,
    },
    {
      what: "  bare node:http + React, same query and table",
      value: b.result.requestsPerSecond,
      unit: "req/s",
      digits: 1,
      note: `scripts/lib/bare-price-server.tsx; ${kb(b.result)}${failed(b.result)}`,
    },
    {
      what: "  app route / bare handler",
      value: b.result.requestsPerSecond > 0 ? a.result.requestsPerSecond / b.result.requestsPerSecond : null,
      unit: "ratio",
      budget: { min: THROUGHPUT_BUDGET },
      note:
        (a.result.failures + b.result.failures > 0 || Math.min(a.result.requests, b.result.requests) < MIN_REQUESTS
          ? "not a fair figure: see the notes above"
          : "the app also checks the session, renders the layout and sends the data to hydrate") +
        (appCpu !== null && bareCpu !== null ? `; by server CPU per request: ${(bareCpu / appCpu).toFixed(2)}` : ""),
    },
    {
      what: "  server CPU per request, app route",
      value: appCpu,
      unit: "ms",
      digits: 1,
      note: "user + system time of the server process over its requests: steadier than req/s on a busy machine",
    },
    {
      what: "  server CPU per request, bare handler",
      value: bareCpu,
      unit: "ms",
      digits: 1,
      note: "PostgreSQL's own time is in neither",
    },
    {
      what: `  p95 latency at ${CONNECTIONS} concurrent requests, app route`,
      value: percentile(a.result.latenciesMs, 95),
      unit: "ms",
      note: `median ${percentile(a.result.latenciesMs, 50).toFixed(0)} ms, ${a.result.requests} requests`,
    },
    {
      what: `  p95 latency at ${CONNECTIONS} concurrent requests, bare handler`,
      value: percentile(b.result.latenciesMs, 95),
      unit: "ms",
      note: `median ${percentile(b.result.latenciesMs, 50).toFixed(0)} ms, ${b.result.requests} requests`,
    },
  ] satisfies Measurement[];
}

function saveRows(engine: string, times: number[], o: PriceBenchOptions): Measurement[] {
  return [
    {
      what: `save ${o.saveEdits} edited prices (editor action), ${engine}`,
      value: median(times),
      unit: "ms",
      note: `server time of runEditorAction, list of ${BENCH_PRODUCTS.toLocaleString("en-US")}; median of ${times.length}: ${ms(times)} ms`,
    },
  ];
}

/**
 * The realtime path (docs/decisions/010-price-lists.md) end to end: a page holds the list's event
 * stream open while prices of the list are saved through the editor's action over HTTP, one at a
 * time; for each save, the time from sending it to the "changed" event on the stream, and to the
 * end of the page's data reload that the event starts (as useLiveList's revalidation does).
 */
async function measureEventArrivals(site: RunningSite, cookie: string, list: PriceBenchList, saves: number) {
  const stream = await PriceEventStream.open(site.url, list.slug, { cookie });
  const toEvent: number[] = [];
  const toResponse: number[] = [];
  const toReloaded: number[] = [];
  try {
    const productId = list.productIds[0];
    const warmups = 2;
    for (let i = 0; i < warmups + saves; i++) {
      const cents = 70_000 + i;
      stream.drain();
      const started = performance.now();
      const arrival = stream.nextChange().then(async (at) => {
        const res = await fetch(`${site.url}/pricesprivate/${encodeURIComponent(list.slug)}.data`, {
          headers: { cookie },
        });
        const text = await res.text();
        if (res.status !== 200 || !text.includes(String(cents))) {
          throw new Error(`The page's data reload answered ${res.status} without the saved price ${cents}.`);
        }
        return { at, reloadedAt: performance.now() };
      });
      // Awaited below; this only keeps a failed save from leaving its rejection unhandled.
      arrival.catch(() => {});
      await saveEditedPrice(site.url, cookie, list.slug, { productId, price: centsToInput(cents) });
      const answeredAt = performance.now();
      const { at, reloadedAt } = await arrival;
      if (i < warmups) continue;
      toEvent.push(at - started);
      toResponse.push(answeredAt - started);
      toReloaded.push(reloadedAt - started);
    }
  } finally {
    stream.close();
  }
  return { toEvent, toResponse, toReloaded };
}

function eventRows(engine: string, t: Awaited<ReturnType<typeof measureEventArrivals>>): Measurement[] {
  return [
    {
      what: `saved price to another open page's event stream, ${engine}, median`,
      value: median(t.toEvent),
      unit: "ms",
      digits: 1,
      note:
        `${t.toEvent.length} saves over HTTP, from sending the save; its response: median ${median(t.toResponse).toFixed(1)} ms; ` +
        `with the page's data reload: median ${median(t.toReloaded).toFixed(0)} ms`,
    },
    {
      what: `  p95, ${engine}`,
      value: percentile(t.toEvent, 95),
      unit: "ms",
      digits: 1,
      note: `with the page's data reload: p95 ${percentile(t.toReloaded, 95).toFixed(0)} ms`,
    },
  ];
}

async function withSiteOn<T>(
  dataDir: string,
  env: Record<string, string>,
  fn: (site: RunningSite, cookie: string) => Promise<T>,
) {
  const site = await startSite(dataDir, { env });
  try {
    return await fn(site, await signIn(site.url, seller.email));
  } finally {
    await site.stop();
  }
}

type Sections = { throughput: Measurement[]; saves: Measurement[]; events: Measurement[] };

async function onPostgres(o: PriceBenchOptions, out: Sections) {
  await onThrowawayPostgres("prices", async (url, dataDir) => {
    const list = await withBenchDatabase({ kind: "postgres", url }, async () => {
      const seeded = await seedPriceBench();
      out.saves.push(
        ...saveRows("PostgreSQL", await timeEditorSaves(seeded, { edits: o.saveEdits, runs: o.saveRuns }), o),
      );
      return seeded;
    });
    await withSiteOn(dataDir, { DATABASE_URL: url }, async (site, cookie) => {
      const bare = await startBareServer(url);
      try {
        out.throughput.push(...(await measureThroughput(site, bare, cookie, list, o)));
      } finally {
        await bare.stop();
      }
      out.events.push(...eventRows("PostgreSQL", await measureEventArrivals(site, cookie, list, o.eventSaves)));
    });
  });
}

async function onPglite(o: PriceBenchOptions, out: Sections) {
  await onTemporaryPglite("prices", async (dataDir) => {
    const list = await withBenchDatabase({ kind: "pglite", dataDir }, async () => {
      const seeded = await seedPriceBench();
      out.saves.push(...saveRows("PGlite", await timeEditorSaves(seeded, { edits: o.saveEdits, runs: o.saveRuns }), o));
      return seeded;
    });
    await withSiteOn(dataDir, {}, async (site, cookie) => {
      out.events.push(...eventRows("PGlite", await measureEventArrivals(site, cookie, list, o.eventSaves)));
    });
  });
}

/**
 * The private price page's throughput against a bare handler on
 * PostgreSQL, the editor's save of 500 prices, and a saved price's way to another open page, on
 * PostgreSQL (started here, throwaway) and on the embedded database.
 */
export const pricesSuite: BenchSuite = {
  name: "prices",
  run: async () => {
    const o = priceBenchOptions();
    const out: Sections = { throughput: [], saves: [], events: [] };
    let failure: unknown;
    try {
      await onPostgres(o, out);
    } catch (error) {
      failure = error;
    }
    try {
      await onPglite(o, out);
    } catch (error) {
      failure ??= error;
    }
    const rows = [...out.throughput, ...out.saves, ...out.events];
    // What was measured before a failure is still worth printing.
    if (failure) throw new SuiteFailure(failure, rows);
    return rows;
  },
};
