import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "../support/postgres-server";
import { nextClientAddress, startAppServer, type AppServer } from "../support/server";

/**
 * A server fault end to end: the real server on a PostgreSQL database of its own, whose product
 * table the test takes away behind the server's back (PGlite admits one process, so the fault
 * cannot be made from outside there). Nothing a visitor can send makes a loader fail this way.
 */
let postgres: PostgresServer;
let app: AppServer;
let db: pg.Client;

beforeAll(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url() });
  await admin.connect();
  await admin.query("create database faults");
  await admin.end();
  app = await startAppServer({ databaseUrl: postgres.url("faults"), trustProxy: true });
  db = new pg.Client({ connectionString: postgres.url("faults") });
  await db.connect();
}, 240_000);

afterAll(async () => {
  await db?.end();
  await app?.stop();
  await postgres?.stop();
});

type LogLine = { level: number; msg: string; requestId?: string; url?: string; err?: { message?: string } };

function logLines(): LogLine[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

async function get(path: string, lang: "en" | "es") {
  return fetch(`${app.url}${path}`, {
    headers: { cookie: `lang=${lang}`, "x-forwarded-for": nextClientAddress() },
  });
}

// A search someone typed is always rendered (a visitor's plain /products may come from the public
// page cache, which a renamed table does not drop).
const PAGE = "/products?q=mango";

describe("error reference of a server fault", () => {
  it("shows the same id on the error page as in the log, and nothing of the fault itself", async () => {
    expect((await get(PAGE, "en")).status).toBe(200);
    await db.query("alter table product rename to product_away");
    let en: Response;
    let enHtml: string;
    let es: Response;
    let esHtml: string;
    try {
      en = await get(PAGE, "en");
      enHtml = await en.text();
      es = await get(PAGE, "es");
      esHtml = await es.text();
    } finally {
      await db.query("alter table product_away rename to product");
    }
    expect(en.status).toBe(500);
    expect(es.status).toBe(500);

    const enId = enHtml.match(/Error reference: ([\w-]+)/)?.[1];
    const esId = esHtml.match(/Referencia del error: ([\w-]+)/)?.[1];
    expect(enId, "a reference on the English page").toBeTruthy();
    expect(esId, "a reference on the Spanish page").toBeTruthy();
    expect(enId).not.toBe(esId);
    // The generic message stands in for the fault's own.
    expect(enHtml).toContain("An unexpected error occurred");
    expect(esHtml).toContain("Ocurrió un error inesperado");

    const failed = logLines().filter((l) => l.level >= 50 && l.msg === "request failed");
    for (const id of [enId, esId]) {
      const line = failed.find((l) => l.requestId === id);
      expect(line, `a log line with requestId ${id}`).toBeTruthy();
      expect(new URL(line!.url!).pathname).toBe("/products");
      // The log keeps the cause; the page does not.
      expect(line!.err?.message).toMatch(/product/);
    }

    for (const html of [enHtml, esHtml]) {
      expect(html).not.toMatch(/product_away|relation "product"|does not exist|select |from "product"/i);
      expect(html).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|\.js:\d+:\d+/);
      expect(html).not.toMatch(/\bstack\b/i);
    }

    // Back to normal once the table is back.
    expect((await get(PAGE, "en")).status).toBe(200);
  });
});
