import { hasFlag, positionalArgs, runTool } from "./lib/cli";

const usage = `Usage: npm run restore -- <file>

Replaces the configured database with a backup made by npm run backup. The current contents are
saved first as <DATA_DIR>/backups/pre-restore-<time>, so a restore can be undone the same way.
Stop the server first: the embedded database belongs to one process, and servers on PostgreSQL
would keep working on the old data.`;

if (hasFlag("help")) {
  console.log(usage);
  process.exit(0);
}

const file = positionalArgs()[0];
if (!file) {
  console.error(`Which backup? Name the file.\n\n${usage}`);
  process.exit(1);
}

// The embedded database must be closed while its directory is replaced, so this tool opens it
// (and applies any newer migrations to the restored data) only after the swap.
await runTool(
  "npm run restore",
  async () => {
    const { config } = await import("../app/config.server");
    const { restoreDatabase } = await import("./lib/backup");
    const { bootstrap } = await import("../app/setup/bootstrap.server");
    const c = config();
    const result = await restoreDatabase({ file, dataDir: c.DATA_DIR, databaseUrl: c.DATABASE_URL });
    await bootstrap();
    console.log(`Restored ${result.file}.`);
    if (result.previous) console.log(`The data it replaced is saved in ${result.previous}.`);
  },
  { bootstrap: false },
);
