import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.server";

const rendered = { nonce: "bm9uY2Utb25l", requestId: "id-1" };
const page = (nonce: string, id: string) =>
  `<html><head><meta name="request-id" content="${id}"/><script nonce="${nonce}">go()</script></head>` +
  `<body>${"Mango ñame $1.25 ".repeat(2000)}<script nonce="${nonce}">end()</script></body></html>`;
const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" }, ...init });
const ask = (headers: Record<string, string> = {}) => new Request("http://site.test/prices", { headers });

describe("PageCache", () => {
  it("gives back the kept page with each response's own nonce and request id, plain or gzipped", async () => {
    const cache = new PageCache({ maxBytes: 10_000_000, ttlMs: 60_000 });
    const first = await cache.keep("k", async () => html(page(rendered.nonce, rendered.requestId)), rendered);
    expect(await first.text()).toBe(page(rendered.nonce, rendered.requestId));
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"/);

    const fresh = { nonce: "a-longer-nonce-than-before==", requestId: "0f0e-other" };
    const plain = cache.answer("k", ask(), fresh)!;
    expect(await plain.text()).toBe(page(fresh.nonce, fresh.requestId));
    expect(plain.headers.get("ETag")).toBe(etag);

    const zipped = cache.answer("k", ask({ "accept-encoding": "br;q=1, gzip;q=0.8" }), fresh)!;
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(page(fresh.nonce, fresh.requestId)) / 10);
    expect(gunzipSync(bytes).toString()).toBe(page(fresh.nonce, fresh.requestId));

    const refused = cache.answer("k", ask({ "accept-encoding": "gzip;q=0, br" }), fresh)!;
    expect(refused.headers.get("Content-Encoding")).toBeNull();
  });

  it("answers 304 to a matching If-None-Match, and nothing for another key", async () => {
    const cache = new PageCache({ maxBytes: 10_000_000, ttlMs: 60_000 });
    const first = await cache.keep("k", async () => html(page(rendered.nonce, rendered.requestId)), rendered);
    const etag = first.headers.get("ETag")!;
    const notModified = cache.answer("k", ask({ "if-none-match": `"other", ${etag}` }), rendered)!;
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(cache.answer("k", ask({ "if-none-match": '"other"' }), rendered)!.status).toBe(200);
    expect(cache.answer("elsewhere", ask(), rendered)).toBeNull();
  });

  it("keeps nothing rendered across a clear, nor an error, nor an answer that sets a cookie", async () => {
    const cache = new PageCache({ maxBytes: 10_000_000, ttlMs: 60_000 });
    await cache.keep(
      "raced",
      async () => {
        cache.clear();
        return html(page(rendered.nonce, rendered.requestId));
      },
      rendered,
    );
    await cache.keep("failed", async () => html("oops", { status: 500 }), rendered);
    await cache.keep(
      "cookie",
      async () => html("hi", { headers: { "Set-Cookie": "lang=es", "Content-Type": "text/html" } }),
      rendered,
    );
    expect(cache.size).toBe(0);
  });

  it("stays within its size, dropping the page asked for least recently", async () => {
    const cache = new PageCache({ maxBytes: 150_000, ttlMs: 60_000 });
    for (const key of ["a", "b", "c"]) {
      await cache.keep(key, async () => html(page(rendered.nonce, rendered.requestId)), rendered);
    }
    expect(cache.answer("a", ask(), rendered)).toBeNull();
    expect(cache.answer("c", ask(), rendered)).not.toBeNull();
  });
});
