import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { closeDatabase, isDatabaseOpen, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { migrateDatabase, pendingMigrations } from "~/db/migrate.server";
import { appSetting } from "~/db/schema";
import { refreshProductSearchKeys } from "~/features/catalog/search-keys.server";

export type BootstrapOptions = {
  /** Seed the catalogue and demo accounts when the database is new (the embedded default). */
  seedOnFirstStart?: boolean;
  /**
   * Prepare auth (default true). A tool that signs nobody in (the import command line) leaves it
   * out, and with it the memory its modules take.
   */
  auth?: boolean;
};

/** A file-name-safe UTC time stamp, so backups sort by name in the order they were taken. */
export function fileTimestamp(date = new Date()) {
  return date.toISOString().replace(/[:.]/g, "-");
}

/** PGlite's own dump of the whole database (a gzipped tarball that `loadDataDir` reads back). */
export async function writeEmbeddedDump(pglite: PGlite, file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const dump = await pglite.dumpDataDir("gzip");
  // Written beside the target and renamed, so a dump cut short never looks like a whole one.
  const partial = `${file}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** The embedded database is snapshotted before a migration changes it (docs/decisions/024-budgets-and-rules.md). */
async function snapshotBeforeMigrating(handle: DatabaseHandle, dataDir: string) {
  if (handle.kind !== "pglite" || !handle.pglite) return;
  const pending = await pendingMigrations(handle);
  if (!pending.hasHistory || pending.count === 0) return;
  const file = path.join(dataDir, "backups", `pre-migrate-${fileTimestamp()}.tar.gz`);
  await writeEmbeddedDump(handle.pglite, file);
  logger.info({ file, pending: pending.count }, "database snapshotted before migrating");
}

/** Opens the configured database, applies migrations and prepares auth. */
export async function bootstrap(options: BootstrapOptions = {}) {
  const c = config();
  if (isDatabaseOpen()) return;
  const dataDir = path.resolve(c.DATA_DIR);
  const handle: DatabaseHandle = c.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: c.DATABASE_URL })
    : await openDatabase({ kind: "pglite", dataDir });
  await snapshotBeforeMigrating(handle, dataDir);
  await migrateDatabase(handle);
  // Keys made by TypeScript, which a migration cannot run (docs/decisions/028-search.md).
  const keyed = await refreshProductSearchKeys();
  if (keyed > 0) logger.info({ products: keyed }, "product search keys refreshed");
  if (options.auth !== false) {
    const { initAuth } = await import("~/auth/auth.server");
    await initAuth();
  }
  if (options.seedOnFirstStart) {
    if (handle.kind === "pglite") {
      const { seedCatalog, seedDemoAccounts } = await import("./seed.server");
      if (await seedCatalog()) {
        const created = await seedDemoAccounts();
        if (created.length > 0) logger.info({ accounts: created }, "demo data seeded");
      }
    }
    // After the first seed, and on every start: uploads are local to each instance, so one that did
    // not run the seed (PostgreSQL, several instances) still needs the demo images. Existing files are kept.
    const seeded = await handle.db.select().from(appSetting).where(eq(appSetting.key, "seeded_catalog"));
    if (seeded.length > 0) {
      const { generateDemoImages } = await import("./seed-images.server");
      await generateDemoImages();
    }
  }
  return handle;
}

export async function shutdownDatabase() {
  await closeDatabase();
}
