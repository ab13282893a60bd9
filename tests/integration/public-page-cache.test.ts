import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { saveEditedPrice } from "../../scripts/lib/price-event-stream";
import { demoEmails, nextClientAddress, signIn, startAppServer, type AppServer } from "../support/server";
import { useTestDatabase } from "../support/test-db";

/**
 * Visitors' public pages come from a cache (docs/decisions/033-public-page-cache.md): the same bytes
 * as a fresh render but for the nonce and the request's id, a 304 for a browser that holds them,
 * dropped when a price or a product changes, and never for a signed-in person.
 */
const test = await useTestDatabase();

let server: AppServer;
let seller: string;

beforeAll(async () => {
  if (test.kind === "postgres") {
    const { seedCatalog, seedDemoAccounts } = await import("../../app/setup/seed.server");
    await seedCatalog();
    await seedDemoAccounts();
  }
  server = await startAppServer({ databaseUrl: test.url, trustProxy: true });
  seller = await signIn(server.url, demoEmails.seller);
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET as a browser sends it, with the bytes as they came (fetch would decompress them). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${path}`,
      { headers: { "x-forwarded-for": nextClientAddress(), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const header = (res: Raw, name: string) => String(res.headers[name] ?? "");
const nonceOf = (res: Raw) => /'nonce-([^']+)'/.exec(header(res, "content-security-policy"))?.[1] ?? "";
const textOf = (res: Raw) =>
  (header(res, "content-encoding") === "gzip" ? gunzipSync(res.body) : res.body).toString("utf8");

/** The page with this response's own strings taken out, after checking that they are its own. */
function withoutPerResponse(res: Raw) {
  const text = textOf(res);
  const nonce = nonceOf(res);
  const requestId = header(res, "x-request-id");
  expect(nonce).not.toBe("");
  expect(text).toContain(`nonce="${nonce}"`);
  expect(text).toContain(`<meta name="request-id" content="${requestId}"/>`);
  return text.replaceAll(nonce, "NONCE").replaceAll(requestId, "REQUEST-ID");
}

/** The row of a product on /prices, by its slug. */
const rowOf = (html: string, slug: string) =>
  new RegExp(`<tr[^>]*data-product="${slug}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "";

/** Asks until `done` holds, for at most a second: how long a change may take to show. */
async function withinASecond(path: string, done: (res: Raw) => boolean) {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const res = await get(path);
    if (done(res)) return res;
    if (Date.now() > deadline) throw new Error(`${path} did not change within a second`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the public page cache", () => {
  it("serves a visitor's page again with a fresh nonce and request id, the same bytes otherwise", async () => {
    const first = await get("/prices");
    const second = await get("/prices");
    const gzipped = await get("/prices", { "accept-encoding": "gzip, deflate, br" });
    for (const res of [first, second, gzipped]) {
      expect(res.status).toBe(200);
      expect(header(res, "cache-control")).toBe("public, no-cache");
      expect(header(res, "vary")).toMatch(/Accept-Language.*Cookie/);
      expect(header(res, "etag")).toMatch(/^W\/"/);
    }
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(header(gzipped, "content-encoding")).toBe("gzip");
    expect(withoutPerResponse(second)).toBe(withoutPerResponse(first));
    // gunzipSync checks the length and CRC that close the stream.
    expect(withoutPerResponse(gzipped)).toBe(withoutPerResponse(first));
  });

  it("keeps each language and theme apart", async () => {
    const english = await get("/");
    const spanish = await get("/", { cookie: "lang=es" });
    const fromBrowser = await get("/", { "accept-language": "es-US,es;q=0.9" });
    const dark = await get("/", { cookie: "theme=dark" });
    expect(textOf(english)).toContain('<html lang="en"');
    expect(textOf(spanish)).toContain('<html lang="es"');
    expect(header(fromBrowser, "etag")).toBe(header(spanish, "etag"));
    expect(textOf(dark)).toContain('class="dark"');
    expect(new Set([english, spanish, dark].map((r) => header(r, "etag"))).size).toBe(3);
  });

  it("keeps a canonical variant such as a category, but renders a search for whoever typed it", async () => {
    const category = await get("/products?category=vegetables");
    expect(header(category, "etag")).toMatch(/^W\/"/);
    for (const typed of ["/prices?q=mango", "/products?q=lim%C3%B3n&sort=name", "/?utm_source=mail"]) {
      const res = await get(typed);
      expect(res.status).toBe(200);
      expect(res.headers.etag, typed).toBeUndefined();
      expect(header(res, "cache-control")).toBe("private, no-cache");
    }
  });

  it("answers 304 to a browser that holds the page, keeping the policy its scripts were served with", async () => {
    const page = await get("/about-us");
    const again = await get("/about-us", { "if-none-match": header(page, "etag") });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["content-security-policy"]).toBeUndefined();
    expect(header(again, "etag")).toBe(header(page, "etag"));
  });

  it("keeps a client-side navigation's data apart from the page", async () => {
    const page = await get("/prices");
    const data = await get("/prices.data");
    const dataAgain = await get("/prices.data");
    expect(header(data, "content-type")).not.toContain("text/html");
    expect(header(dataAgain, "etag")).toBe(header(data, "etag"));
    expect(header(data, "etag")).not.toBe(header(page, "etag"));
    expect(textOf(dataAgain)).toBe(textOf(data));
  });

  it("shows a price saved in the public list on the next visit, within a second", async () => {
    const editor = await fetch(`${server.url}/prices-manage/wholesale`, { headers: { cookie: seller } });
    const html = await editor.text();
    const row = /<tr[^>]*data-product="([a-z0-9-]+)"[\s\S]*?id="price-([0-9a-f-]{36})"/.exec(html);
    expect(row).not.toBeNull();
    const [, slug, productId] = row!;
    const before = rowOf(textOf(await get("/prices")), slug);
    expect(before).not.toBe("");

    await saveEditedPrice(server.url, seller, "wholesale", { productId, price: "987.65" });
    await withinASecond("/prices", (res) => rowOf(textOf(res), slug).includes("$987.65"));

    // Put back: the first page without the new price is a fresh render, the next one is kept.
    const oldPrice = /\$\d[\d,]*\.\d\d/.exec(before)![0].slice(1).replace(",", "");
    await saveEditedPrice(server.url, seller, "wholesale", { productId, price: oldPrice });
    const fresh = await withinASecond("/prices", (res) => !rowOf(textOf(res), slug).includes("$987.65"));
    const kept = await get("/prices");
    expect(header(kept, "etag")).toBe(header(fresh, "etag"));
    expect(withoutPerResponse(kept)).toBe(withoutPerResponse(fresh));
    expect(rowOf(withoutPerResponse(kept), slug)).toBe(before);
  });

  it.runIf(test.kind === "postgres")(
    "shows a product changed in the database by any means, even a statement typed in psql",
    async () => {
      const page = textOf(await get("/products/sandia"));
      expect(page).toContain("Watermelon");
      await db().execute(sql`update product set name_en = 'Seedless Watermelon' where slug = 'sandia'`);
      try {
        await withinASecond("/products/sandia", (res) => textOf(res).includes("Seedless Watermelon"));
      } finally {
        await db().execute(sql`update product set name_en = 'Watermelon' where slug = 'sandia'`);
      }
    },
  );

  it("never answers a signed-in person from the cache", async () => {
    const visitor = await get("/products");
    expect(header(visitor, "etag")).not.toBe("");
    const signedIn = await get("/products", { cookie: seller, "if-none-match": header(visitor, "etag") });
    expect(signedIn.status).toBe(200);
    expect(header(signedIn, "cache-control")).toBe("private, no-cache");
    expect(signedIn.headers.etag).toBeUndefined();
    expect(textOf(signedIn)).not.toBe(textOf(visitor));
    expect(server.errors()).toEqual([]);
  });
});
