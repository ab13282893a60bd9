/**
 * The import benchmark's own process, on the configured database (DATA_DIR for the embedded one,
 * or DATABASE_URL), so its peak memory is the import's:
 *
 *   prepare           migrates the database and creates an empty price list; prints its slug
 *   import FILE SLUG  imports FILE into the list, measured from reading the file to the final
 *                     summary, then imports it again (nothing changes); prints one JSON line
 *
 * `npm run bench -- --only import` runs both, in two processes: a person imports into a database
 * that already exists (creating an embedded one costs memory an import does not).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

process.env.LOG_LEVEL ??= "warn";
const [command, file, listSlug] = process.argv.slice(2);
if (command !== "prepare" && !(command === "import" && file && listSlug)) {
  console.error("Usage: node --import tsx scripts/lib/import-bench-child.ts prepare | import FILE SLUG");
  process.exit(1);
}

const { bootstrap, shutdownDatabase } = await import("../../app/setup/bootstrap.server");
await bootstrap({ auth: false });
const actor = { id: null };

async function prepare() {
  const { createPriceList, emptyListInput } = await import("../../app/features/price-lists/lists.server");
  const list = await createPriceList(actor, emptyListInput("Benchmark import"));
  console.log(JSON.stringify({ slug: list.slug }));
}

async function timedImport() {
  const { importQuickBooksFile } = await import("../../app/features/imports/run/import-file.server");
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let last = performance.now();
  let longestGap = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const bytes = readFileSync(file);
  const result = await importQuickBooksFile({ actor, fileName: path.basename(file), bytes, listSlug, mode: "cli" });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  delay.disable();
  clearInterval(ticker);
  if (!result.ok) throw new Error(`the file was refused: ${result.rejection.code}`);
  return {
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    rssPeakMb: process.resourceUsage().maxRSS / 1024,
    loopMaxMs: delay.max / 1e6,
    loopP99Ms: delay.percentile(99) / 1e6,
    longestGapMs: longestGap,
    summary: result.summary,
  };
}

try {
  if (command === "prepare") {
    await prepare();
  } else {
    const first = await timedImport();
    const again = await timedImport();
    console.log(JSON.stringify({ first, again }));
  }
} finally {
  await shutdownDatabase();
}
