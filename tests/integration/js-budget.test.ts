import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budgetPages, jsBudgetKb, measurePages, scriptsOfPage, type PageScripts } from "../../scripts/lib/js-budget";
import { startAppServer, type AppServer } from "../support/server";

// The production build as a visitor receives it; the server runs from its own snapshot of build/.
let server: AppServer;
let pages: PageScripts[];

beforeAll(async () => {
  server = await startAppServer();
  const buildDir = path.resolve(".tmp", `e2e-${process.pid}-${server.port}`, "build");
  pages = await measurePages(server.url, buildDir, [...budgetPages, "/?lang=es", "/login"]);
}, 600_000);

afterAll(async () => {
  await server?.stop();
});

const describePage = (p: PageScripts) =>
  `${p.path}: ${p.totalKb.toFixed(1)} KB (own ${p.ownKb.toFixed(1)} KB)\n` +
  p.scripts.map((s) => `  ${s.url} ${(s.gzipBytes / 1024).toFixed(1)} KB`).join("\n");

describe("JavaScript before interaction on public pages", () => {
  it.each([...budgetPages, "/?lang=es", "/login"])(
    `%s stays within ${jsBudgetKb.total} KB gzip, ours within ${jsBudgetKb.own} KB`,
    (pagePath) => {
      const page = pages.find((p) => p.path === pagePath)!;
      expect(page.scripts.length).toBeGreaterThan(3);
      expect(page.totalKb, describePage(page)).toBeLessThanOrEqual(jsBudgetKb.total);
      expect(page.ownKb, describePage(page)).toBeLessThanOrEqual(jsBudgetKb.own);
    },
  );

  it("keeps staff-only libraries and other languages' translations off public pages", async () => {
    for (const pagePath of budgetPages) {
      const html = await (await fetch(new URL(pagePath, server.url))).text();
      const code = await Promise.all(
        scriptsOfPage(html).map(async (url) => (await fetch(new URL(url, server.url))).text()),
      );
      const all = code.join("\n");
      // Radix menus and dialogs mark their parts with data-radix attributes and these names.
      expect(all, pagePath).not.toMatch(/DropdownMenu|data-radix-|DismissableLayer/);
      // The price history chart (uPlot) loads inside its dialog on staff pages only.
      expect(all, pagePath).not.toMatch(/\buplot\b/);
      // The QuickBooks import's Web Worker, its engine (dictionary, CSV parser) and its screen load on
      // /import-quickbooks only.
      expect(all, pagePath).not.toMatch(/import\.worker|GUANABANA|MissingQuotes|screen\.errors\.listRequired/);
      // Sonner loads after the page is up, not before.
      expect(all, pagePath).not.toMatch(/data-sonner-toaster/);
      // Translations arrive with the page's data, not in the code: neither language is bundled.
      expect(all, pagePath).not.toContain("Premium Wholesale Fresh Products");
      expect(all, pagePath).not.toContain("Ocurrió un error inesperado");
      // The page's data carries the current language only.
      expect(html, pagePath).toContain("Premium Wholesale Fresh Products");
      expect(html, pagePath).not.toContain("Ocurrió un error inesperado");
    }
  });
});

describe("scriptsOfPage", () => {
  it("reads modulepreloads and the bootstrap script's imports, once each", () => {
    const html = `<link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/x.css"/>
      <script type="module" async="">import * as route0 from "/assets/a.js";
      import * as route1 from "/assets/b.js"; import("/assets/entry.js");</script>`;
    expect(scriptsOfPage(html)).toEqual(["/assets/a.js", "/assets/b.js", "/assets/entry.js"]);
  });

  it("reads them as the server sends them, started after the first paint", () => {
    const html = `<link rel="stylesheet" href="/assets/x.css"/>
      <script nonce="n" type="text/x-deferred-module" async="">import * as route0 from "/assets/a.js";
      import * as route1 from "/assets/b.js"; import("/assets/entry.js");</script>
      <script nonce="n" data-modulepreload="/assets/entry.js /assets/c.js">(function(){})()</script>`;
    expect(scriptsOfPage(html)).toEqual(["/assets/entry.js", "/assets/c.js", "/assets/a.js", "/assets/b.js"]);
  });
});
