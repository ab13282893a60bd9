import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { isBuildCurrent, sourceHash, stampFile } from "./lib/build-stamp";
import {
  formatTable,
  median,
  startSite,
  SuiteFailure,
  timeStart,
  verdict,
  type BenchSuite,
  type Measurement,
} from "./lib/bench";
import { assistantSuite } from "./lib/assistant-bench";
import { bigListSuite } from "./lib/big-list-bench";
import { argValue, hasFlag } from "./lib/cli";
import { editorSuite } from "./lib/editor-bench";
import { exportSuite } from "./lib/export-bench";
import { importSuite } from "./lib/import-bench";
import { budgetPages, jsBudgetKb, measurePages } from "./lib/js-budget";
import { lighthouseBudget, lighthousePages } from "./lib/lighthouse";
import { pricesSuite } from "./lib/price-bench";
import { resilienceSuite } from "./lib/resilience-bench";
import { printSuite } from "./lib/print-bench";
import { searchSuite } from "./lib/search-bench";

const usage = `Usage: npm run bench [-- --only <suite>[,<suite>...]] [-- --runs <n>] [-- --lighthouse-runs <n>]
                 [-- --duration <s>] [-- --warmup <s>] [-- --rounds <n>] [-- --save-runs <n>] [-- --event-saves <n>]
                 [-- --page-requests <n>] [-- --pdf-runs <n>] [-- --builder-runs <n>] [-- --export-requests <n>]
                 [-- --assistant-requests <n>] [-- --search-rounds <n>] [-- --editor-keystrokes <n>]
                 [-- --editor-loads <n>] [-- --load-seconds <s>] [-- --big-runs <n>]

Prints the performance figures of docs/decisions/024-budgets-and-rules.md (Budgets) as one table, each beside
its budget. Suites: startup, js (JavaScript before interaction on the public pages), lighthouse (mobile,
median of 5 runs per page), prices (the private price page with 2,000 products against a bare node:http
handler running the same query and table, 8 connections, --rounds runs of --duration s each after a --warmup s
warm-up, and its p95 latency; the editor's save of 500 prices, median of --save-runs; a saved price's way to
another page's event stream, --event-saves saves), import (qbo_large.csv through the import's server path, on
a throwaway PostgreSQL server and on PGlite), print (the print pages /prices-long and /prices-short of 2,000
products with pictures, whole and their loaders alone, --page-requests sequential requests after 3 warm-ups;
their server PDFs on Letter without and with pictures, the first with pictures apart, median of --pdf-runs;
the server's peak RSS growth meanwhile), export (the WhatsApp message of 2,000 products: the message builder
alone in-process, median of --builder-runs after 5 warm-ups, and the screen's POST /exportlistswhatsapp/data
intent=generate as a seller, --export-requests sequential requests after 3 warm-ups), assistant (the price
assistant's built-in engine planning varied messages on a 2,000-product catalogue in-process, p50 and p95 per
message; and the /ai screen's answer to a listing, --assistant-requests sequential POST /ai/messages as a
seller, p95), search (app/lib/search.ts bundled by Vite and run in headless Chromium over 2,000 product keys,
many queries, --search-rounds rounds, p95 of one search), editor (the price editor of a 2,000-product list
in headless Chromium on a mid phone with 4x CPU slowdown: time to interactive, median of --editor-loads loads,
and keystroke to paint while typing --editor-keystrokes keys into price cells, p95, and into its search box), resilience (50 connections for --load-seconds s (60) on
/, /prices, a customer's /pricesprivate and a seller's /dashboard, on PGlite and on PostgreSQL, with the server's
peak RSS, and / and /prices rendered afresh each time for comparison with the public page cache; PostgreSQL
stopped for 20 s under signed-in traffic (sign-outs, time back); two instances on one PostgreSQL with a
background import of qbo_large.csv whose instance is killed part-way, finished by the other), big-list (a price list of
60,000 items on PGlite and PostgreSQL: the editor's and /pricesprivate's server time with and without a search, and
one price saved, median of --big-runs). The suites run the production build in a temporary
DATA_DIR (DATABASE_URL is ignored): on the embedded database, and for prices, print, export and assistant also on a throwaway PostgreSQL server they
start (installed from Debian's packages when missing and run as root).
Benchmarks, not tests: a figure over budget is reported, and the command still exits 0.`;

const WARM_RUNS = Number(argValue("runs") ?? 3);

/**
 * Start-up: the very first start on an empty data directory (creating and
 * seeding the database) and a start on an existing build and ./data, both to the first 200 on /.
 */
const startup: BenchSuite = {
  name: "startup",
  run: async () => {
    const rows: Measurement[] = [];
    const hash = sourceHash();
    if (isBuildCurrent(hash)) {
      rows.push({ what: "production build", value: null, unit: "s", note: "build current, not rebuilt" });
    } else {
      const t = performance.now();
      execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
        stdio: "ignore",
        env: { ...process.env, NODE_ENV: "production" },
        timeout: 600_000,
      });
      mkdirSync("build", { recursive: true });
      writeFileSync(stampFile, hash);
      rows.push({
        what: "production build (sources changed)",
        value: (performance.now() - t) / 1000,
        unit: "s",
        note: "npm start does this only when the build is not current",
      });
    }

    const dataDir = mkdtempSync(path.join(tmpdir(), "bench-startup-"));
    try {
      const first = await timeStart({ dataDir });
      rows.push({
        what: "first start: empty data dir to first 200 on /",
        value: first.seconds,
        unit: "s",
        budget: { max: 30 },
        note: `creates the database, migrates, seeds, renders demo images${first.rebuilt ? "; included a rebuild" : ""}`,
      });
      const warm = [];
      for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeStart({ dataDir }));
      rows.push({
        what: "start on existing build and ./data to first 200 on /",
        value: median(warm.map((r) => r.seconds)),
        unit: "s",
        budget: { max: 5 },
        note: `median of ${warm.length}: ${warm.map((r) => r.seconds.toFixed(2)).join(", ")} s${warm.some((r) => r.rebuilt) ? "; a run rebuilt" : ""}`,
      });
      const rss = warm.map((r) => r.rssMb).filter((v): v is number => v !== null);
      rows.push({
        what: "process RSS after start (first page served)",
        value: rss.length ? median(rss) : null,
        unit: "MB",
        note: first.rssMb ? `first start: ${first.rssMb.toFixed(0)} MB` : undefined,
      });
      const stops = [first, ...warm];
      rows.push({
        what: "clean shutdown: SIGTERM to exit",
        value: median(stops.map((r) => r.shutdownMs)),
        unit: "ms",
        note: stops.every((r) => r.exitCode === 0)
          ? `median of ${stops.length}, all exit 0`
          : `exit codes: ${stops.map((r) => r.exitCode).join(", ")}`,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return rows;
  },
};

const LIGHTHOUSE_RUNS = Number(argValue("lighthouse-runs") ?? 5);

/** A production site on a fresh embedded database for the length of `fn`. */
async function withSite<T>(fn: (url: string) => Promise<T>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-site-"));
  const site = await startSite(dataDir);
  try {
    return await fn(site.url);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Gzip size of the modulepreloaded and entry scripts of each public page. */
const js: BenchSuite = {
  name: "js",
  run: () =>
    withSite(async (url) => {
      const pages = await measurePages(url, path.resolve("build"), budgetPages);
      return pages.flatMap((page): Measurement[] => [
        {
          what: `JS before interaction ${page.path}`,
          value: page.totalKb,
          unit: "KB",
          digits: 1,
          budget: { max: jsBudgetKb.total },
          note: `gzip, ${page.scripts.length} scripts`,
        },
        {
          what: `  of which our own code ${page.path}`,
          value: page.ownKb,
          unit: "KB",
          digits: 1,
          budget: { max: jsBudgetKb.own },
        },
      ]);
    }),
};

/** Lighthouse mobile, median of 5 runs, on the public pages. */
const lighthouseSuite: BenchSuite = {
  name: "lighthouse",
  run: () =>
    withSite(async (url) => {
      const summaries = await lighthousePages(url, budgetPages, LIGHTHOUSE_RUNS);
      return summaries.flatMap(({ path: page, median: m, runs }): Measurement[] => {
        const failing = [...new Set(runs.flatMap((r) => r.failing))];
        const perf = runs.map((r) => r.performance).join(", ");
        return [
          {
            what: `Lighthouse ${page} performance`,
            value: m.performance,
            unit: "score",
            budget: { min: lighthouseBudget.performance },
            note: `median of ${runs.length}: ${perf}`,
          },
          {
            what: `Lighthouse ${page} accessibility`,
            value: m.accessibility,
            unit: "score",
            budget: { min: lighthouseBudget.accessibility },
            note: failing.length
              ? `audits not passed (any run, any of the three categories): ${failing.join(", ")}`
              : undefined,
          },
          {
            what: `Lighthouse ${page} best practices`,
            value: m.bestPractices,
            unit: "score",
            budget: { min: lighthouseBudget.bestPractices },
          },
          {
            what: `Lighthouse ${page} SEO`,
            value: m.seo,
            unit: "score",
            budget: { min: lighthouseBudget.seo },
          },
          { what: `Lighthouse ${page} LCP`, value: m.lcpMs, unit: "ms", budget: { max: lighthouseBudget.lcpMs } },
          { what: `Lighthouse ${page} TBT`, value: m.tbtMs, unit: "ms", budget: { max: lighthouseBudget.tbtMs } },
          {
            what: `Lighthouse ${page} CLS`,
            value: m.cls,
            unit: "",
            digits: 3,
            budget: { max: lighthouseBudget.cls },
          },
        ];
      });
    }),
};

const suites: BenchSuite[] = [
  startup,
  js,
  lighthouseSuite,
  pricesSuite,
  importSuite,
  printSuite,
  exportSuite,
  assistantSuite,
  searchSuite,
  editorSuite,
  resilienceSuite,
  bigListSuite,
];

if (hasFlag("help")) {
  console.log(usage);
  process.exit(0);
}

const only = argValue("only")
  ?.split(",")
  .map((name) => name.trim());
const unknown = only?.filter((name) => !suites.some((s) => s.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`No suite named "${unknown.join('", "')}". Suites: ${suites.map((s) => s.name).join(", ")}.`);
  process.exit(1);
}
const selected = only ? suites.filter((s) => only.includes(s.name)) : suites;

// Figures scale with how busy the machine is; the load average says how far to trust them. The
// one at the start is the machine's own, the one at the end includes the benchmarks' work.
const loadAtStart = loadavg()[0];
const rows: Measurement[] = [];
let failed = false;
for (const suite of selected) {
  process.stderr.write(`Running ${suite.name}...\n`);
  try {
    rows.push(...(await suite.run()));
  } catch (error) {
    failed = true;
    if (error instanceof SuiteFailure) rows.push(...error.measured);
    rows.push({
      what: `${suite.name}: did not complete`,
      value: null,
      unit: "",
      note: (error as Error).message.split("\n")[0],
    });
    console.error((error as Error).message);
  }
}

console.log(
  `\nNode ${process.version} on ${process.platform}/${process.arch}, ${availableParallelism()} CPUs, ` +
    `load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end\n`,
);
console.log(formatTable(rows));
const over = rows.filter((r) => verdict(r) === "OVER BUDGET").length;
if (over > 0) console.log(`\n${over} figure(s) over budget.`);
process.exit(failed ? 1 : 0);
