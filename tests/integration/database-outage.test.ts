import { createServer, connect, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import {
  browserCookies,
  demoEmails,
  nextClientAddress,
  signIn,
  startAppServer,
  type AppServer,
} from "../support/server";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

/**
 * The database's address as the site sees it: a plain TCP relay to the test's PostgreSQL that can
 * be taken down (every connection cut, new ones refused) and brought back on the same port, as
 * a restarted database server would be. The other test files share that server, so it is never
 * stopped itself.
 */
async function databaseRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    url: () => Object.assign(new URL(target), { host: `127.0.0.1:${port}` }).toString(),
    down: async () => {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    up: listen,
  };
}

let server: AppServer;
let relay: Awaited<ReturnType<typeof databaseRelay>>;

beforeAll(async () => {
  if (test.kind !== "postgres") return;
  const { seedCatalog, seedDemoAccounts } = await import("../../app/setup/seed.server");
  await seedCatalog();
  await seedDemoAccounts();
  relay = await databaseRelay(new URL(test.url!));
  server = await startAppServer({ databaseUrl: relay.url(), trustProxy: true });
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("a database outage", () => {
  it.runIf(test.kind === "postgres")(
    "signs nobody out: the session's page answers 503 with Retry-After in the reader's language, then comes back",
    async () => {
      const cookie = await signIn(server.url, demoEmails.seller);
      const get = (path: string, lang = "en") =>
        fetch(server.url + path, {
          redirect: "manual",
          headers: { cookie: `${cookie}; lang=${lang}`, "x-forwarded-for": nextClientAddress() },
        });
      expect((await get("/dashboard")).status).toBe(200);

      await relay.down();
      for (const [path, lang, text] of [
        ["/dashboard", "en", "We are having trouble reaching our data"],
        ["/pricesprivate", "es", "Tenemos problemas para acceder a nuestros datos"],
        ["/dashboard.data", "en", null],
      ] as const) {
        const res = await get(path, lang);
        const body = await res.text();
        expect(res.status, path).toBe(503);
        expect(res.headers.get("retry-after"), path).toBe("5");
        expect(
          res.headers.getSetCookie().filter((c) => c.includes("session")),
          path,
        ).toEqual([]);
        if (text) {
          expect(body).toContain(text);
          expect(body).toContain(`lang="${lang}"`);
        }
      }

      await relay.up();
      let after = await get("/dashboard");
      // The pool finds its connections broken once, then opens new ones.
      for (let i = 0; i < 20 && after.status === 503; i++) {
        await new Promise((r) => setTimeout(r, 250));
        after = await get("/dashboard");
      }
      expect(after.status, "still signed in after the database came back").toBe(200);
    },
    120_000,
  );

  it.runIf(test.kind === "postgres")(
    "leaves a signed-in browser signed in: its page says the data is out of reach and comes back by itself",
    async () => {
      const cookie = await signIn(server.url, demoEmails.seller);
      const browser = await launchBrowser();
      try {
        const context = await browser.newContext();
        await context.addCookies(browserCookies(cookie, server.url));
        const page = await context.newPage();
        await page.goto(`${server.url}/dashboard`);
        const dashboard = page.getByText("You are signed in as");
        await dashboard.waitFor();

        await relay.down();
        await page.reload();
        await page.getByText("We are having trouble reaching our data").waitFor();
        expect(page.url()).toBe(`${server.url}/dashboard`);

        // Nothing is clicked: the page tries again by itself once the database is back.
        await relay.up();
        await dashboard.waitFor({ timeout: 30_000 });
        expect(page.url()).toBe(`${server.url}/dashboard`);
        const names = (await context.cookies()).map((c) => c.name);
        expect(names.some((name) => name.includes("session"))).toBe(true);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
