/**
 * `npm run import:quickbooks` (docs/decisions/014-import-runs.md): the summary, --json exactly as
 * the README describes, --dry-run, exit codes for refused files and wrong arguments, and the
 * data-directory lock of the embedded database (docs/decisions/008-data-dir-lock.md). On PostgreSQL
 * the command imports into the test database.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readFileSync } from "node:fs";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { priceList, product } from "../../app/db/schema";
import { acquireDataDirLock } from "../../app/db/lock.server";
import { runScript } from "../support/run-script";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

const dataDir = path.resolve(".tmp", `import-cli-${test.kind}-${process.pid}`);
mkdirSync(dataDir, { recursive: true });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const FIXTURES = "tests/fixtures/quickbooks";
const env = test.kind === "postgres" ? { DATABASE_URL: test.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
const cli = (...args: string[]) => runScript("scripts/import-quickbooks.ts", args, env, 180_000);

const EXPECTED = readFileSync(path.join(FIXTURES, "EXPECTED.md"), "utf8");
function expectedStatuses(heading: string) {
  const lines = EXPECTED.slice(EXPECTED.indexOf(heading)).split("\n");
  const start = lines.findIndex((l) => l.startsWith("| "));
  const column = lines[start]
    .split("|")
    .map((c) => c.trim())
    .indexOf("Expected");
  const out: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const status = line.split("|").map((c) => c.trim())[column];
    out.push(status === "product" ? "success" : status);
  }
  return out;
}

type JsonOutput = {
  summary: Record<string, unknown> & { listSlug: string; outcome: string };
  rows: Array<Record<string, unknown>>;
};

// Each test runs the command line, which starts TypeScript and the database: slow on a busy machine.
describe(`npm run import:quickbooks (${test.kind})`, { timeout: 120_000 }, () => {
  it("explains itself, and refuses wrong arguments with exit 1 before touching the database", async () => {
    const help = await cli("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("npm run import:quickbooks -- FILE (--list SLUG | --new-list NAME)");
    const both = await cli(`${FIXTURES}/qbo_small.csv`, "--list", "a", "--new-list", "b");
    expect([both.code, both.stderr]).toEqual([
      1,
      expect.stringContaining("Give either --list SLUG or --new-list NAME."),
    ]);
    const missing = await cli("no-such-file.csv", "--list", "a");
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining("no such file")]);
  });

  it("imports into a new list and prints {summary, rows} as JSON; again: nothing changes, and says so", async () => {
    const first = await cli(`${FIXTURES}/qbo_small.csv`, "--new-list", "Nightly QuickBooks", "--json");
    expect(first.code, first.output).toBe(0);
    const doc = JSON.parse(first.stdout) as JsonOutput;
    expect(doc.summary).toMatchObject({
      listSlug: "nightly-quickbooks",
      totalProcessed: 69,
      created: 48,
      updated: 0,
      skipped: 1,
      errors: 0,
      processedInactive: 2,
      invalidRowsSkipped: 20,
      successCount: 49,
      errorCount: 0,
      outcome: "success",
      message: "Import completed successfully!",
    });
    expect(doc.rows).toHaveLength(69);
    expect(doc.rows.map((r) => r.finalStatus)).toEqual(expectedStatuses("## qbo_small.csv"));
    expect(doc.rows[0]).toMatchObject({
      row: 1,
      item: "AVO48",
      finalStatus: "success",
      name: "Hass Avocado",
      nameEs: expect.any(String),
      category: "fruits",
      packValue: 48,
      packUnit: "ct",
      priceCents: expect.any(Number),
      message: "New product created. Price in the list set to $54.00.",
      match: "new",
      candidates: [],
    });
    for (const key of [
      "row",
      "item",
      "finalStatus",
      "name",
      "nameEs",
      "category",
      "packValue",
      "packUnit",
      "priceCents",
      "message",
    ]) {
      expect(Object.keys(doc.rows[68])).toContain(key);
    }
    // The QBO ' (deleted)' item and a Desktop-style status both arrive as processed_inactive.
    expect(doc.rows.find((r) => r.item === "MANGO KENT 8 (deleted)")).toMatchObject({
      finalStatus: "processed_inactive",
    });

    const again = await cli(`${FIXTURES}/qbo_small.csv`, "--list", "nightly-quickbooks");
    expect(again.code, again.output).toBe(0);
    expect(again.stdout).toContain("Import completed successfully!");
    expect(again.stdout).toContain("Nothing changed: every product already matched the file.");
    if (test.kind === "postgres") expect((await db().select({ n: count() }).from(product))[0].n).toBe(48);
  });

  it("a dry run says what would happen and writes nothing", async () => {
    const dry = await cli(`${FIXTURES}/qbd_small.csv`, "--list", "nightly-quickbooks", "--dry-run", "--json");
    expect(dry.code, dry.output).toBe(0);
    const doc = JSON.parse(dry.stdout) as JsonOutput;
    expect(doc.summary).toMatchObject({ dryRun: true, created: 50, processedInactive: 3, runId: null });
    expect(doc.rows.map((r) => r.finalStatus)).toEqual(expectedStatuses("## qbd_small.csv"));
    if (test.kind === "postgres") expect((await db().select({ n: count() }).from(product))[0].n).toBe(48);
    const text = await cli(`${FIXTURES}/qbd_small.csv`, "--list", "nightly-quickbooks", "--dry-run", "--no-name-match");
    expect(text.code, text.output).toBe(0);
    expect(text.stdout).toContain("Dry run, nothing was written");
    // One line that adds up to the file.
    expect(text.stdout).toMatch(
      /69 rows = 50 new \+ 0 linked \+ 0 updated \+ 0 unchanged \+ \d+ skipped \+ \d+ invalid \+ 0 errors/,
    );
  });

  it("exits 1 on a refused file, with the reason (also as JSON), and creates no list", async () => {
    const lists = test.kind === "postgres" ? (await db().select({ n: count() }).from(priceList))[0].n : 0;
    const quote = await cli(`${FIXTURES}/bad/unclosed_quote.csv`, "--new-list", "Never");
    expect([quote.code, quote.stderr]).toEqual([
      1,
      expect.stringContaining("A quote opened on line 4 never closes. Nothing was imported."),
    ]);
    const binary = await cli(`${FIXTURES}/bad/binary_xlsx_renamed.csv`, "--list", "nightly-quickbooks", "--json");
    expect(binary.code).toBe(1);
    expect(JSON.parse(binary.stdout)).toMatchObject({
      summary: { outcome: "failed", rejection: { code: "spreadsheet_not_csv" } },
      rows: [],
    });
    const big = path.join(dataDir, "big.csv");
    writeFileSync(big, Buffer.alloc(10 * 1024 * 1024 + 1, 0x41));
    const tooLarge = await cli(big, "--list", "nightly-quickbooks");
    expect([tooLarge.code, tooLarge.stderr]).toEqual([1, expect.stringContaining("larger than 10 MB")]);
    const noList = await cli(`${FIXTURES}/qbo_small.csv`, "--list", "no-such-list");
    expect([noList.code, noList.stderr.trim()]).toEqual([1, "Price list not found"]);
    if (test.kind === "postgres") expect((await db().select({ n: count() }).from(priceList))[0].n).toBe(lists);
  });

  it.runIf(test.kind === "pglite")("refuses to open the embedded database while another process holds it", async () => {
    const release = acquireDataDirLock(dataDir, "a test holding the lock");
    try {
      const locked = await cli(`${FIXTURES}/qbo_small.csv`, "--list", "nightly-quickbooks");
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain("is in use by a test holding the lock");
    } finally {
      release();
    }
  });
});
