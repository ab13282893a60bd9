import { existsSync } from "node:fs";
import path from "node:path";
import { CliError, exitWithMessage, hasFlag, runTool } from "./lib/cli";

const usage = `Usage: npm run check-data

Checks that the stored data keeps what the site's write paths promise (docs/decisions/032-data-check.md):
every price in a list is the one its latest price history row gives, every list's revision is at or
past what its history records, every product and price list has a slug, and every import batch was
applied at most once. It reads the database npm start uses (the embedded one in DATA_DIR, ./data, or
PostgreSQL when DATABASE_URL is set) and changes nothing. It prints what is wrong, in words, and
exits 1 when a check fails.`;

if (hasFlag("help")) {
  console.log(usage);
  process.exit(0);
}

const { config } = await import("../app/config.server");

// Before the data-directory lock, which would make the directory: a check creates nothing.
try {
  const c = config();
  if (!c.DATABASE_URL && !existsSync(path.resolve(c.DATA_DIR, "pg", "PG_VERSION"))) {
    throw new CliError(
      `There is no embedded database in ${c.DATA_DIR} to check. Start the site (npm start) or seed it ` +
        `(npm run seed) first, or set DATA_DIR or DATABASE_URL to the database you mean.`,
    );
  }
} catch (error) {
  exitWithMessage(error);
}

await runTool(
  "npm run check-data",
  async () => {
    const { openDatabase } = await import("../app/db/client.server");
    const { pendingMigrations } = await import("../app/db/migrate.server");
    const { checkData } = await import("../app/db/check-data.server");
    const c = config();
    const target = c.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${c.DATA_DIR}`;
    const handle = c.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: c.DATABASE_URL, max: 1 })
      : await openDatabase({ kind: "pglite", dataDir: path.resolve(c.DATA_DIR) });
    // The checks read the current schema; migrating is the site's business, and a check writes nothing.
    const pending = await pendingMigrations(handle);
    if (pending.count > 0) {
      throw new CliError(
        `This version of the site has ${pending.count} migration(s) that ${target} lacks. Start the site ` +
          `(npm start) once to apply them, then check again.`,
      );
    }
    const results = await checkData();
    console.log(`Checked ${target}:`);
    for (const r of results) {
      if (r.count === 0) {
        console.log(`  ok    ${r.rule}.`);
        continue;
      }
      console.log(`  FAIL  ${r.rule}: ${r.count} problem${r.count === 1 ? "" : "s"}.`);
      for (const problem of r.problems) console.log(`        - ${problem}`);
      if (r.count > r.problems.length) console.log(`        … and ${r.count - r.problems.length} more.`);
    }
    const failed = results.filter((r) => r.count > 0).length;
    console.log(
      failed === 0 ? `All ${results.length} checks passed.` : `${failed} of ${results.length} checks failed.`,
    );
    return failed === 0 ? 0 : 1;
  },
  { bootstrap: false },
);
