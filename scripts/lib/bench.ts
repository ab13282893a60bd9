import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { ensurePostgres, startPostgres, type PostgresServer } from "../../tests/support/postgres-server";

/**
 * One row of `npm run bench`: a figure, its unit, and the budget of
 * docs/decisions/024-budgets-and-rules.md when it has one.
 */
export type Measurement = {
  what: string;
  value: number | null;
  unit: "s" | "ms" | "MB" | "KB" | "req/s" | "score" | "ratio" | "";
  /** The figure must stay at or below `max` (times, sizes) or at or above `min` (scores, throughput). */
  budget?: { max?: number; min?: number };
  note?: string;
  /** Decimal places shown (default: 2 for seconds and ratios, else 0). */
  digits?: number;
};

/** A group of measurements; later benchmarks add suites to the list in scripts/bench.ts. */
export type BenchSuite = { name: string; run: () => Promise<Measurement[]> };

/** A suite that failed part of the way, with the figures it measured before it did. */
export class SuiteFailure extends Error {
  constructor(
    readonly cause: unknown,
    readonly measured: Measurement[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * Runs a suite's parts one after the other: a part that fails does not stop the others, and the
 * figures measured before a failure are still printed.
 */
export async function measureParts(parts: Array<() => Promise<Measurement[]>>): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  let failure: unknown;
  for (const part of parts) {
    try {
      rows.push(...(await part()));
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw new SuiteFailure(failure, rows);
  return rows;
}

/**
 * A throwaway PostgreSQL server (installed from Debian's packages when missing) with an empty
 * `bench` database, and a temporary DATA_DIR for a site started on it; both gone afterwards.
 */
export async function onThrowawayPostgres<T>(
  name: string,
  fn: (url: string, dataDir: string, server: PostgresServer) => Promise<T>,
) {
  ensurePostgres();
  const postgres = await startPostgres();
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-pg-`));
  try {
    const admin = new pg.Client({ connectionString: postgres.url() });
    await admin.connect();
    await admin.query("create database bench");
    await admin.end();
    return await fn(postgres.url("bench"), dataDir, postgres);
  } finally {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A temporary DATA_DIR for the embedded database and a site started on it; gone afterwards. */
export async function onTemporaryPglite<T>(name: string, fn: (dataDir: string) => Promise<T>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-pglite-`));
  try {
    return await fn(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function formatValue(m: Measurement) {
  if (m.value === null) return "—";
  const digits = m.digits ?? (m.unit === "s" ? 2 : m.unit === "ratio" ? 2 : 0);
  return `${m.value.toFixed(digits)}${m.unit ? ` ${m.unit}` : ""}`;
}

function formatBudget(m: Measurement) {
  if (!m.budget) return "";
  const unit = m.unit ? ` ${m.unit}` : "";
  const parts = [];
  if (m.budget.min !== undefined) parts.push(`>= ${m.budget.min}${unit}`);
  if (m.budget.max !== undefined) parts.push(`<= ${m.budget.max}${unit}`);
  return parts.join(", ");
}

export function verdict(m: Measurement) {
  if (!m.budget) return "";
  if (m.value === null) return "FAILED";
  const over = m.budget.max !== undefined && m.value > m.budget.max;
  const under = m.budget.min !== undefined && m.value < m.budget.min;
  return over || under ? "OVER BUDGET" : "ok";
}

/** The one table: a fixed-width text table that reads well in a terminal and in a CI log. */
export function formatTable(rows: Measurement[]) {
  const header = ["measurement", "value", "budget", "", "note"];
  const body = rows.map((m) => [m.what, formatValue(m), formatBudget(m), verdict(m), m.note ?? ""]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join(" | ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("-|-"), ...body.map(line)].join("\n");
}

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Resident memory of a process in MB: /proc on Linux, ps elsewhere; null when neither answers. */
export function residentMemoryMb(pid: number): number | null {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const match = readFileSync(status, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
    if (match) return Number(match[1]) / 1024;
  }
  try {
    const kb = Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim());
    return Number.isFinite(kb) && kb > 0 ? kb / 1024 : null;
  } catch {
    return null;
  }
}

let clockTicks: number | undefined;

/**
 * CPU time (user + system) a process has used so far, in milliseconds, from /proc on Linux; null
 * elsewhere. Unlike wall time it hardly changes with how busy the rest of the machine is.
 */
export function processCpuMs(pid: number): number | null {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  // The fields after the command name (which may hold spaces, so it is skipped by its parenthesis).
  const line = readFileSync(file, "utf8");
  const fields = line.slice(line.lastIndexOf(")") + 2).split(" ");
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  // utime and stime are fields 14 and 15 of the line: 11 and 12 here, counting from the state (field 3) as 0.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}

export type StartRun = {
  /** Wall time from spawning `npm start` to the first 200 on the path, in seconds. */
  seconds: number;
  rssMb: number | null;
  rebuilt: boolean;
  /** Wall time from SIGTERM to the process's exit, in milliseconds, and its exit code. */
  shutdownMs: number;
  exitCode: number | null;
};

/**
 * Starts the real scripts/start.ts as a child process, times it to the first 200 on `path`, reads
 * its memory, then stops it with SIGTERM. Bounded: a start that takes longer than `timeoutMs` is killed.
 */
export async function timeStart(options: {
  dataDir: string;
  path?: string;
  timeoutMs?: number;
  env?: Record<string, string>;
}): Promise<StartRun> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}${options.path ?? "/"}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: "warn",
    ...options.env,
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const kill = async () => {
    if (exitCode === undefined) child.kill("SIGKILL");
    await exited;
  };

  const deadline = started + (options.timeoutMs ?? 120_000);
  let seconds: number | undefined;
  while (seconds === undefined) {
    if (exitCode !== undefined)
      throw new Error(`npm start exited (code ${exitCode}) before serving ${url}:\n${output}`);
    if (performance.now() > deadline) {
      await kill();
      throw new Error(`npm start did not serve ${url} within ${(options.timeoutMs ?? 120_000) / 1000} s:\n${output}`);
    }
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status === 200) seconds = (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    if (seconds === undefined) await sleep(25);
  }
  const rssMb = residentMemoryMb(child.pid!);

  const stopping = performance.now();
  child.kill("SIGTERM");
  const code = await Promise.race([exited, sleep(30_000).then(() => "timeout" as const)]);
  if (code === "timeout") {
    await kill();
    throw new Error(`npm start did not exit within 30 s of SIGTERM:\n${output}`);
  }
  return {
    seconds,
    rssMb,
    rebuilt: output.includes("Building the site"),
    shutdownMs: performance.now() - stopping,
    exitCode: code,
  };
}

export type RunningSite = { url: string; pid?: number; stop: () => Promise<void> };

/**
 * The production site (scripts/start.ts, building first when the sources changed) on a free
 * loopback port with its own data directory; resolves once / answers 200. It runs on the embedded
 * database unless `env` names a DATABASE_URL.
 */
export async function startSite(
  dataDir: string,
  { timeoutMs = 600_000, env: extraEnv = {} }: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<RunningSite> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  let exited = false;
  const done = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await done;
      clearTimeout(force);
    }
  };
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`The site exited before it served /:\n${output}`);
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`The site did not serve / within ${timeoutMs / 1000} s:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status === 200) return { url, pid: child.pid, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}
