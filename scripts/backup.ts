import { positionalArgs, hasFlag, runTool } from "./lib/cli";

const usage = `Usage: npm run backup [-- <file>]

Backs up the configured database: the embedded one through PGlite's own dump (a .tar.gz), or
PostgreSQL (DATABASE_URL) through pg_dump in its custom format (a .dump). Without a file name it
writes <DATA_DIR>/backups/backup-<time>. Uploaded images are files in <DATA_DIR>/uploads: copy that
folder with the backup. Restore with: npm run restore -- <file>`;

if (hasFlag("help")) {
  console.log(usage);
  process.exit(0);
}

await runTool("npm run backup", async () => {
  const { config } = await import("../app/config.server");
  const { backupDatabase, defaultBackupFile } = await import("./lib/backup");
  const c = config();
  const engine = c.DATABASE_URL ? "postgres" : "pglite";
  const file = positionalArgs()[0] ?? defaultBackupFile(c.DATA_DIR, engine);
  const result = await backupDatabase({ file, databaseUrl: c.DATABASE_URL });
  const size = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up the ${engine === "pglite" ? "embedded database" : "PostgreSQL database"} to ${result.file} (${size} MB).`,
  );
  console.log(`Restore it with: npm run restore -- ${result.file}`);
});
