import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "../tests/support/browser";
import { ensurePostgres } from "../tests/support/postgres-server";
import { ensureBuild } from "../tests/support/server";

/**
 * `npm test`: type check, lint, unit and integration tests on PGlite, integration tests on a real
 * PostgreSQL server, a production build, the browser tests, then the data check on the database the
 * browser tests leave behind. Every step runs even when an earlier one failed, so one run shows
 * everything that is wrong; the exit code says whether all passed.
 */

type Result = {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
  /** One line per failed test, so the summary at the end of a long log names what to look at. */
  failures?: string[];
};

const results: Result[] = [];
const resultsDir = path.resolve("node_modules/.cache/app-tests");
mkdirSync(resultsDir, { recursive: true });
const bin = (name: string) => path.resolve("node_modules/.bin", name);

/** Runs a command in the foreground; an `undefined` in `env` takes that variable away. */
function run(cmd: string, args: string[], env: Record<string, string | undefined> = {}) {
  console.log(`\n$ ${[path.basename(cmd), ...args].join(" ")}`);
  const merged = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
  const result = spawnSync(cmd, args, { stdio: "inherit", env: merged });
  return result.status === 0;
}

/** A step that is one check: it passes or fails as a whole. */
function check(name: string, body: () => boolean | Promise<boolean>) {
  return async () => {
    const started = Date.now();
    console.log(`\n=== ${name}`);
    let ok = false;
    let note: string | undefined;
    try {
      ok = await body();
    } catch (error) {
      note = (error as Error).message;
      console.error(note);
    }
    results.push({
      name,
      passed: ok ? 1 : 0,
      failed: ok ? 0 : 1,
      skipped: 0,
      seconds: (Date.now() - started) / 1000,
      note,
    });
  };
}

type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
};

/** A database that is down fails every test: the first few say enough. */
const MAX_FAILURES_LISTED = 20;

const firstLine = (text: string | undefined) => (text ?? "").trim().split("\n")[0]?.slice(0, 200) ?? "";

function failuresOf(json: VitestJson): string[] {
  return json.testResults.flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    if (tests.length === 0 && file.status === "failed") return [`${where}: ${firstLine(file.message)}`];
    return tests;
  });
}

/** A vitest run, counted test by test from its JSON report. */
function vitest(name: string, args: string[], env: Record<string, string> = {}, prepare?: () => void) {
  return async () => {
    const started = Date.now();
    console.log(`\n=== ${name}`);
    const report = path.join(resultsDir, `${name.replace(/\W+/g, "-")}.json`);
    rmSync(report, { force: true });
    let ok = false;
    let note: string | undefined;
    try {
      prepare?.();
      ok = run(
        bin("vitest"),
        ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
        env,
      );
    } catch (error) {
      note = (error as Error).message;
      console.error(note);
    }
    const seconds = (Date.now() - started) / 1000;
    if (!existsSync(report)) {
      results.push({
        name,
        passed: 0,
        failed: 1,
        skipped: 0,
        seconds,
        note: note ?? "no test report (the run did not start)",
      });
      return;
    }
    const json = JSON.parse(readFileSync(report, "utf8")) as VitestJson;
    // A file that fails outside any test (setup, import) counts as one failure too.
    const failed = json.numFailedTests + (json.numFailedTests === 0 && (!ok || json.numFailedTestSuites > 0) ? 1 : 0);
    const failures = failuresOf(json);
    if (failed > 0 && failures.length === 0) failures.push("vitest failed outside any test: see its output above");
    results.push({
      name,
      passed: json.numPassedTests,
      failed,
      skipped: json.numPendingTests + json.numTodoTests,
      seconds,
      failures,
    });
  };
}

/**
 * The embedded database the browser tests ran on, kept when their server stops: every write path
 * went through it as people use them, so `npm run check-data` on it is the check that means most.
 */
const browserData = path.resolve(".tmp", `e2e-data-${process.pid}`);

const steps = [
  check("type check", () => run(bin("react-router"), ["typegen"]) && run(bin("tsc"), ["--noEmit"])),
  check("lint", () => run(bin("eslint"), [".", "--max-warnings", "0"])),
  vitest("unit and integration tests on PGlite", [], { TEST_DB: "pglite" }),
  // The database outage test watches a signed-in browser through it.
  vitest("integration tests on PostgreSQL", ["tests/integration"], { TEST_DB: "postgres" }, () => {
    ensurePostgres();
    ensureChromium();
  }),
  check("production build", async () => {
    console.log((await ensureBuild()) ? "Built build/ for production." : "build/ is already current with the sources.");
    return true;
  }),
  vitest(
    "browser tests",
    ["--config", "vitest.e2e.config.ts"],
    { E2E_KEEP_DATA_DIR: browserData },
    () => void ensureChromium(),
  ),
  check("data check on the browser tests' database", () => {
    if (!existsSync(browserData)) throw new Error("the browser tests left no database to check");
    try {
      return run(bin("tsx"), ["scripts/check-data.ts"], { DATA_DIR: browserData, DATABASE_URL: undefined });
    } finally {
      rmSync(browserData, { recursive: true, force: true });
    }
  }),
];

const started = Date.now();
for (const step of steps) await step();

const total = results.reduce(
  (acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed, skipped: acc.skipped + r.skipped }),
  {
    passed: 0,
    failed: 0,
    skipped: 0,
  },
);
const minutes = Math.floor((Date.now() - started) / 60_000);
const seconds = Math.round(((Date.now() - started) % 60_000) / 1000);

console.log("\n=== summary");
for (const r of results) {
  const status = r.failed > 0 ? "FAIL" : "ok  ";
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ""}`;
  console.log(
    `${status} ${r.name.padEnd(40)} ${counts.padEnd(34)} ${r.seconds.toFixed(0).padStart(5)} s${r.note ? `  (${r.note.split("\n")[0]})` : ""}`,
  );
  const failures = r.failures ?? [];
  for (const failure of failures.slice(0, MAX_FAILURES_LISTED)) console.log(`     - ${failure}`);
  if (failures.length > MAX_FAILURES_LISTED) console.log(`     … and ${failures.length - MAX_FAILURES_LISTED} more`);
}
console.log(`npm test took ${minutes} min ${seconds} s`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
