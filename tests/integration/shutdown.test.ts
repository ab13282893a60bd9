import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { runScript, startServerProcess, type ServerProcess } from "../support/run-script";
import { signIn } from "../support/server";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

/** Counts read straight from the data directory, as a new process would find it. */
async function countEmbedded(dataDir: string) {
  const pglite = await PGlite.create(path.join(dataDir, "pg"));
  try {
    const products = await pglite.query<{ n: number }>("select count(*)::int as n from product");
    const users = await pglite.query<{ n: number }>('select count(*)::int as n from "user"');
    return { products: products.rows[0].n, users: users.rows[0].n };
  } finally {
    await pglite.close();
  }
}

describe(`clean shutdown (${test.kind})`, () => {
  const dataDir = path.resolve(".tmp", `ops-shutdown-${process.pid}`);
  const databaseUrl = test.kind === "postgres" ? test.url : undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop("SIGKILL").catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "exits 0 on SIGTERM and SIGINT, releases ./data, and a new start finds the data intact",
    { timeout: 300_000 },
    async () => {
      if (databaseUrl) {
        const seeded = await runScript("scripts/seed.ts", ["--demo"], { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
        expect(seeded.code, seeded.output).toBe(0);
      }
      server = await startServerProcess({ dataDir, databaseUrl });
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      await signIn(server.url, "admin@demo.test");
      if (!databaseUrl) {
        expect(server.output()).toMatch(/Demo accounts \(password produce-demo-2026\)[\s\S]*admin@demo\.test/);
      }
      // Demo images are rendered into the local uploads folder on either engine and served from it.
      const image = await fetch(`${server.url}/uploads/demo/watermelon.webp`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect(image.headers.get("cache-control")).toContain("max-age=3600");
      expect((await fetch(`${server.url}/uploads/demo/no-such-image.webp`)).status).toBe(404);
      if (!databaseUrl) expect(existsSync(path.join(dataDir, "app.lock"))).toBe(true);

      // A keep-alive connection stays open from the requests above; shutdown must not wait on it.
      const first = await server.stop("SIGTERM");
      expect(first.code, server.output()).toBe(0);
      expect(first.ms).toBeLessThan(5_000);
      expect(server.output()).toContain("SIGTERM received");
      expect(existsSync(path.join(dataDir, "app.lock"))).toBe(false);
      const before = databaseUrl ? undefined : await countEmbedded(dataDir);
      if (before) {
        expect(before.products).toBeGreaterThanOrEqual(30);
        expect(before.users).toBe(3);
      }

      server = await startServerProcess({ dataDir, databaseUrl });
      expect(server.output(), "the build was current, so no rebuild").not.toContain("Building the site");
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      await signIn(server.url, "admin@demo.test");
      const second = await server.stop("SIGINT");
      server = undefined;
      expect(second.code).toBe(0);
      expect(second.ms).toBeLessThan(5_000);
      if (before) expect(await countEmbedded(dataDir)).toEqual(before);
    },
  );

  it.skipIf(databaseUrl !== undefined)(
    "npm run dev also closes the database and releases ./data on SIGTERM",
    { timeout: 180_000 },
    async () => {
      server = await startServerProcess({ dataDir, dev: true });
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      const stopped = await server.stop("SIGTERM");
      server = undefined;
      expect(stopped.code).toBe(0);
      expect(existsSync(path.join(dataDir, "app.lock"))).toBe(false);
    },
  );
});
