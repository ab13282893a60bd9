import path from "node:path";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseHandle } from "./client.server";

// Any fixed number shared by every instance: serialises migrations across processes.
const MIGRATION_LOCK = 7_200_113;

export function migrationsFolder() {
  const candidates = [
    path.resolve(process.cwd(), "drizzle"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle"),
  ];
  const found = candidates.find((p) => existsSync(path.join(p, "meta", "_journal.json")));
  if (!found) throw new Error("The migrations folder (drizzle/) was not found.");
  return found;
}

/**
 * How many migrations the database lacks, and whether it has any history at all (a new
 * database has none, so there is nothing to protect before migrating it).
 */
export async function pendingMigrations(handle: DatabaseHandle) {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const table = await handle.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if (!(table.rows[0] as { name: string | null }).name) return { hasHistory: false, count: migrations.length };
  const last = await handle.db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`);
  const at = (last.rows[0] as { at: string | number | null }).at;
  if (at === null) return { hasHistory: false, count: migrations.length };
  return { hasHistory: true, count: migrations.filter((m) => m.folderMillis > Number(at)).length };
}

export async function migrateDatabase(handle: DatabaseHandle) {
  const folder = migrationsFolder();
  if (handle.kind === "pglite") {
    await handle.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } finally {
      await handle.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
    return;
  }
  // The advisory lock belongs to a session, so the lock and the migration share one client.
  const client = await handle.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
