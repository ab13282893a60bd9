import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { startPostgres } from "../../tests/support/postgres-server";
import type { BenchSuite, Measurement } from "./bench";

const run = promisify(execFile);
const FILE = "tests/fixtures/quickbooks/qbo_large.csv";
const CHILD = "scripts/lib/import-bench-child.ts";

type Timing = {
  seconds: number;
  cpuSeconds: number;
  rssPeakMb: number;
  loopMaxMs: number;
  loopP99Ms: number;
  longestGapMs: number;
  summary: { totalProcessed: number; created: number; unchanged: number; errors: number; outcome: string };
};

/** Runs the child with the database settings given; its last stdout line is JSON. */
async function child(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.AI_BASE_URL;
  const { stdout } = await run(process.execPath, ["--import", "tsx", CHILD, ...args], {
    env: childEnv,
    timeout: 600_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as unknown;
}

async function measure(env: Record<string, string>) {
  const { slug } = (await child(["prepare"], env)) as { slug: string };
  return (await child(["import", FILE, slug], env)) as { first: Timing; again: Timing };
}

/**
 * The longest the event loop was held: the larger of the delay histogram's maximum and the
 * longest gap between ticks of a 5 ms timer (PGlite's work inside the process shows in the second).
 */
const stall = (t: Timing) => Math.max(t.loopMaxMs, t.longestGapMs - 5);

function rows(engine: string, result: { first: Timing; again: Timing }, budget: { seconds?: number; rssMb: number }) {
  const { first, again } = result;
  const s = first.summary;
  const out: Measurement[] = [
    {
      what: `import qbo_large.csv (60,000 rows) on ${engine}: file to summary`,
      value: first.seconds,
      unit: "s",
      budget: budget.seconds ? { max: budget.seconds } : undefined,
      note: `${s.totalProcessed} rows, ${s.created} created, ${s.errors} errors, ${s.outcome}; CPU ${first.cpuSeconds.toFixed(1)} s in the process`,
    },
    {
      what: `  peak RSS of the import process (${engine})`,
      value: first.rssPeakMb,
      unit: "MB",
      budget: { max: budget.rssMb },
      note:
        engine === "PGlite"
          ? "whole process: Node, the embedded database running inside it, file and rows"
          : "whole process: Node, the database client, file and rows",
    },
    {
      what: `  event-loop delay during the import (${engine})`,
      value: stall(first),
      unit: "ms",
      note: `longest stall; p99 of the delay ${first.loopP99Ms.toFixed(0)} ms`,
    },
    {
      what: `  the same file again, nothing changes (${engine})`,
      value: again.seconds,
      unit: "s",
      note: `${again.summary.unchanged} unchanged; longest event-loop stall ${stall(again).toFixed(0)} ms`,
    },
  ];
  return out;
}

/**
 * qbo_large.csv from reading the file to the final summary on the server path
 * (the command line's), on PostgreSQL (<= 15 s, peak RSS <= 400 MB) and on the embedded database
 * (figures reported, RSS <= 800 MB), each import in a process of its own on a database that exists.
 */
export const importSuite: BenchSuite = {
  name: "import",
  run: async () => {
    const out: Measurement[] = [];
    const server = await startPostgres();
    try {
      const admin = new pg.Client({ connectionString: server.url() });
      await admin.connect();
      await admin.query("create database bench_import");
      await admin.end();
      out.push(
        ...rows("PostgreSQL", await measure({ DATABASE_URL: server.url("bench_import") }), { seconds: 15, rssMb: 400 }),
      );
    } finally {
      await server.stop();
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), "bench-import-"));
    try {
      out.push(...rows("PGlite", await measure({ DATA_DIR: dataDir }), { rssMb: 800 }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return out;
  },
};
