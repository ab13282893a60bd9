import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { initAuth, resetAuthForTests } from "../../app/auth/auth.server";
import { closeDatabase, openDatabase, type DatabaseHandle } from "../../app/db/client.server";

export type TestDatabase = { handle: DatabaseHandle; kind: "pglite" | "postgres"; url?: string };

/**
 * Opens a fresh, migrated database for this test file on the engine under test (TEST_DB=pglite
 * or postgres) and makes it the app's database, with auth ready. Closed after the file's tests.
 */
export async function useTestDatabase(): Promise<TestDatabase> {
  const templateFile = inject("pgliteTemplate");
  let result: TestDatabase;
  if (templateFile) {
    const blob = new Blob([readFileSync(templateFile)], { type: "application/x-gzip" });
    const pglite = await PGlite.create({ loadDataDir: blob });
    result = { handle: await openDatabase({ kind: "pglite", pglite }), kind: "pglite" };
  } else {
    const templateUrl = inject("postgresTemplateUrl");
    const name = `t_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const adminUrl = templateUrl.replace(/\/[^/]+$/, "/postgres");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template app_template`);
    await admin.end();
    const url = templateUrl.replace(/\/[^/]+$/, `/${name}`);
    result = { handle: await openDatabase({ kind: "postgres", url, max: 5 }), kind: "postgres", url };
  }
  await initAuth();
  afterAll(async () => {
    resetAuthForTests();
    await closeDatabase();
  });
  return result;
}
