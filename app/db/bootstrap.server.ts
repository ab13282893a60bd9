import path from "node:path";
import { initAuth } from "~/auth/auth.server";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { closeDatabase, isDatabaseOpen, openDatabase, type DatabaseHandle } from "./client.server";
import { migrateDatabase } from "./migrate.server";

export type BootstrapOptions = {
  /** Seed the catalogue and demo accounts when the database is new (the embedded default). */
  seedOnFirstStart?: boolean;
};

/** Opens the configured database, applies migrations and prepares auth. */
export async function bootstrap(options: BootstrapOptions = {}) {
  const c = config();
  if (isDatabaseOpen()) return;
  const handle: DatabaseHandle = c.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: c.DATABASE_URL })
    : await openDatabase({ kind: "pglite", dataDir: path.resolve(c.DATA_DIR) });
  await migrateDatabase(handle);
  await initAuth();
  if (options.seedOnFirstStart && handle.kind === "pglite") {
    const { seedCatalog, seedDemoAccounts } = await import("./seed.server");
    const { generateDemoImages } = await import("./seed-images.server");
    if (await seedCatalog()) {
      await generateDemoImages();
      const created = await seedDemoAccounts();
      if (created.length > 0) logger.info({ accounts: created }, "demo data seeded");
    }
  }
  return handle;
}

export async function shutdownDatabase() {
  await closeDatabase();
}
