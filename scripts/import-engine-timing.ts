import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { understandFile } from "../app/features/imports/engine";

const usage = `Usage: npx tsx scripts/import-engine-timing.ts [FILE]

How long the universal import engine (decode, detect, parse, understand) takes on a QuickBooks
export, by default tests/fixtures/quickbooks/qbo_large.csv (60,000 rows, 10 MB), with the process's
peak memory. No database: the writing that the import does after this is not measured here. A
figure to note, not a test.`;

const file = process.argv[2] ?? "tests/fixtures/quickbooks/qbo_large.csv";
if (file === "--help" || file === "-h") {
  console.log(usage);
  process.exit(0);
}

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = performance.now();
const bytes = readFileSync(file);
const read = performance.now();
let batches = 0;
const result = await understandFile(bytes, {
  collect: false,
  // As a server would: yield to the event loop between batches.
  onBatch: () => {
    batches++;
    return new Promise((resolve) => setImmediate(resolve));
  },
});
const done = performance.now();
delay.disable();
if (!result.ok) {
  console.error(`${file}: rejected at ${result.stage}: ${JSON.stringify(result.rejection)}`);
  process.exit(1);
}
const ms = (n: number) => `${Math.round(n)} ms`;
console.log(`${file}: ${result.totalRows} rows (${result.format.id}, ${result.encoding}) in ${batches} batches`);
console.log(`read ${ms(read - started)}, decode → understood ${ms(done - read)}, total ${ms(done - started)}`);
console.log(
  `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB, event-loop delay max ${ms(delay.max / 1e6)}`,
);
