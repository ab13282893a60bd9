import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  deferredModuleType,
  deferredScriptsLoader,
  deferInDocument,
  deferScriptsUntilPainted,
} from "./script-deferral.server";

/** The whole document rewritten at once, as text; null while its bootstrap script is incomplete. */
function deferScriptsInShell(html: string, nonce: string) {
  const parts = deferInDocument(Buffer.from(html), nonce);
  return parts && Buffer.concat(parts).toString();
}

// The shape React Router's <Scripts /> renders, as React streams it (links hoisted into <head>).
const page =
  `<!DOCTYPE html><html lang="es"><head><meta charSet="utf-8"/>` +
  `<link nonce="n0" rel="stylesheet" href="/assets/app.css" data-precedence="default"/>` +
  `<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0"/>` +
  `<link rel="modulepreload" href="/assets/root.js" nonce="n0"/>` +
  `<title>Frutas y verduras – Pompano</title></head><body><h1>Piña, jalapeño y ñame</h1>` +
  `<script nonce="n0">window.__reactRouterContext = {};</script>` +
  `<script nonce="n0" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>` +
  `<!--$--><script nonce="n0">window.__reactRouterContext.streamController.enqueue("¿más?");</script><!--/$--></body></html>`;

async function throughStream(html: string, chunkSize: number) {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  return text(Readable.from(chunks).pipe(deferScriptsUntilPainted("n0")));
}

describe("deferInDocument", () => {
  const out = deferScriptsInShell(page, "n0")!;

  it("takes the modulepreload links out of <head> and lists them on the loader", () => {
    expect(out).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(out).toContain(
      `<script nonce="n0" data-modulepreload="/assets/entry.client.js /assets/root.js">${deferredScriptsLoader}</script>`,
    );
    // The stylesheet is untouched: it still blocks the first paint, as it must.
    expect(out).toContain('<link nonce="n0" rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
  });

  it("makes the bootstrap inert and puts the loader right after it", () => {
    expect(out).toContain(
      `<script nonce="n0" type="${deferredModuleType}" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script><script nonce="n0" data-modulepreload=`,
    );
    expect(out).not.toMatch(/<script[^>]*type="module"/);
  });

  it("leaves everything else as it was", () => {
    const strip = (html: string) =>
      html
        .replace(/<link rel="modulepreload"[^>]*>/g, "")
        .replace(/<script nonce="n0" data-modulepreload=[^>]*>[\s\S]*?<\/script>/, "")
        .replace(`type="${deferredModuleType}"`, 'type="module"');
    expect(strip(out)).toBe(strip(page));
  });

  it("waits until the bootstrap script has been received whole", () => {
    expect(deferScriptsInShell(page.slice(0, page.indexOf('type="module"') + 20), "n0")).toBeNull();
    expect(deferScriptsInShell(page.slice(0, page.indexOf("</script><!--$-->") + 5), "n0")).toBeNull();
    expect(deferScriptsInShell(page.slice(0, page.indexOf("</script><!--$-->") + 9), "n0")).not.toBeNull();
  });

  it("gives no nonce attribute where the server issues none (development)", () => {
    expect(deferScriptsInShell(page.replaceAll(' nonce="n0"', ""), "")).toContain("<script data-modulepreload=");
  });
});

describe("deferScriptsUntilPainted", () => {
  it("gives the same document whatever the chunk boundaries, multi-byte characters included", async () => {
    const expected = deferScriptsInShell(page, "n0")!;
    expect(expected).toContain("Piña, jalapeño y ñame");
    for (const size of [1, 2, 3, 7, 64, 100_000]) expect(await throughStream(page, size)).toBe(expected);
  });

  it("sends the rewritten shell when React ends a pass of writing, and what follows as it comes", async () => {
    const stream = deferScriptsUntilPainted("n0");
    const received: string[] = [];
    stream.on("data", (chunk: Buffer) => received.push(chunk.toString()));
    const shellEnd = page.indexOf("<!--$-->");
    stream.write(Buffer.from(page.slice(0, shellEnd)));
    await new Promise(setImmediate);
    expect(received).toEqual([]);
    stream.flush();
    await new Promise(setImmediate);
    const expected = deferScriptsInShell(page, "n0")!;
    expect(received.join("")).toBe(expected.slice(0, expected.indexOf("<!--$-->")));
    stream.end(Buffer.from(page.slice(shellEnd)));
    await new Promise((resolve) => stream.once("end", resolve));
    expect(received.join("")).toBe(expected);
  });

  it("passes a document without a bootstrap script through unchanged", async () => {
    const plain = "<!DOCTYPE html><html><body><p>Sin código – ¡ok!</p></body></html>";
    expect(await throughStream(plain, 5)).toBe(plain);
  });
});
