import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

// PGlite's Drizzle driver offers the same query API; one type keeps the code on one dialect.
export type AppDb = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<AppDb["transaction"]>[0]>[0];
export type DbOrTx = AppDb | Tx;

export type DatabaseHandle = {
  kind: "pglite" | "postgres";
  db: AppDb;
  pglite?: PGlite;
  pool?: pg.Pool;
  close: () => Promise<void>;
};

export type OpenOptions =
  { kind: "pglite"; dataDir?: string; pglite?: PGlite } | { kind: "postgres"; url: string; max?: number };

// Kept on globalThis so a dev-server module reload reuses the open database instead of opening it twice.
const shared = globalThis as typeof globalThis & {
  __appDatabase?: { handle: DatabaseHandle | null; txStore: AsyncLocalStorage<Tx> };
};
shared.__appDatabase ??= { handle: null, txStore: new AsyncLocalStorage<Tx>() };
const state = shared.__appDatabase;
const txStore = state.txStore;

/**
 * The embedded database keeps its shared buffers inside the process's memory, where PGlite's
 * default of 128 MB stayed resident for good; its files are read through the operating system's
 * cache anyway. 32 MB hold the working set of a catalogue of thousands of products
 * (docs/decisions/024-budgets-and-rules.md, Memory).
 */
const EMBEDDED_SETTINGS = { postgresqlconf: ["shared_buffers = 32MB"] };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (state.handle) throw new Error("The database is already open in this process.");
  if (options.kind === "pglite") {
    let client = options.pglite;
    if (!client) {
      const dir = path.resolve(options.dataDir ?? "./data", "pg");
      mkdirSync(dir, { recursive: true });
      client = await PGlite.create(dir, EMBEDDED_SETTINGS);
    }
    const pglite = client;
    const db = drizzlePglite({ client: pglite, schema }) as unknown as AppDb;
    state.handle = {
      kind: "pglite",
      db,
      pglite,
      close: async () => {
        state.handle = null;
        if (!pglite.closed) await pglite.close();
      },
    };
  } else {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    const db = drizzleNodePg({ client: pool, schema });
    state.handle = {
      kind: "postgres",
      db,
      pool,
      close: async () => {
        state.handle = null;
        await pool.end();
      },
    };
  }
  await state.handle.db.execute(sql`select 1`);
  return state.handle;
}

export function databaseHandle(): DatabaseHandle {
  if (!state.handle) throw new Error("The database is not open.");
  return state.handle;
}

/**
 * The root connection. Inside withTransaction() it throws: on PGlite, touching the root
 * connection while a transaction holds the only connection deadlocks.
 */
export function db(): AppDb {
  if (txStore.getStore()) {
    throw new Error("db() was used inside withTransaction(); use the transaction it passes.");
  }
  return databaseHandle().db;
}

/**
 * A query run on request after request, built by Drizzle once per open database and sent to PostgreSQL as a
 * named statement, which each connection parses and plans once: `build` makes it with `.prepare(name)`.
 * Not for use inside withTransaction().
 */
export function preparedQuery<Q>(build: (db: AppDb) => Q): () => Q {
  const built = new WeakMap<AppDb, Q>();
  return () => {
    const current = db();
    let query = built.get(current);
    if (!query) built.set(current, (query = build(current)));
    return query;
  };
}

export async function withTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (txStore.getStore()) throw new Error("withTransaction() does not nest.");
  return databaseHandle().db.transaction((tx) => txStore.run(tx, () => fn(tx)));
}

export function isDatabaseOpen() {
  return state.handle !== null;
}

export async function closeDatabase() {
  await state.handle?.close();
}
