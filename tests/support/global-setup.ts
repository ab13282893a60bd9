import { PGlite } from "@electric-sql/pglite";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { closeDatabase, openDatabase } from "../../app/db/client.server";
import { migrateDatabase } from "../../app/db/migrate.server";
import { startPostgres, type PostgresServer } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplateUrl: string;
  }
}

export const TEMPLATE_DB = "app_template";
let server: PostgresServer | undefined;

/**
 * Migrates one database per engine once: a PGlite dump that each test file loads (fast), and a
 * PostgreSQL template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB ?? "pglite";
  if (kind === "pglite") {
    const pglite = await PGlite.create();
    const handle = await openDatabase({ kind: "pglite", pglite });
    await migrateDatabase(handle);
    const dump = await pglite.dumpDataDir("gzip");
    await closeDatabase();
    // One file per run: two runs at once (or two checkouts sharing node_modules) never load each
    // other's schema.
    const dir = path.resolve(".tmp");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pglite-template-${process.pid}.tar.gz`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
    project.provide("postgresTemplateUrl", "");
    return () => rmSync(file, { force: true });
  }
  server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const handle = await openDatabase({ kind: "postgres", url: server.url(TEMPLATE_DB), max: 2 });
  await migrateDatabase(handle);
  await closeDatabase();
  project.provide("pgliteTemplate", "");
  project.provide("postgresTemplateUrl", server.url(TEMPLATE_DB));
  return async () => {
    await server?.stop();
  };
}
