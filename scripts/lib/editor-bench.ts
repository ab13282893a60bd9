import type { Page } from "playwright-core";
import { formatNumber } from "../../app/lib/locale";
import { demoAccounts } from "../../app/setup/seed-data";
import { launchBrowser } from "../../tests/support/browser";
import { browserCookies, signIn } from "../../tests/support/server";
import { onTemporaryPglite, startSite, type BenchSuite, type Measurement } from "./bench";
import { argValue } from "./cli";
import { percentile } from "./load-test";
import { BENCH_PRODUCTS, seedPriceBench, withBenchDatabase } from "./price-bench-data";

/** The price desk's budget (docs/decisions/024-budgets-and-rules.md), on a mid phone: 4x CPU slowdown. */
export const EDITOR_BUDGET = { keystrokeP95Ms: 50 };
const CPU_SLOWDOWN = 4;
const KEYSTROKES = Number(argValue("editor-keystrokes") ?? 60);
const LOADS = Number(argValue("editor-loads") ?? 3);

/** Lighthouse's mid phone: a Moto G Power's screen. */
const PHONE = { width: 412, height: 823 };

/**
 * Measures, in the page, each keystroke from its event's time to the frame after it: the next
 * animation frame runs before the paint, and a task queued from it runs once that paint is done.
 */
function installKeystrokeClock(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { keystrokes: number[]; enters: number[] };
    w.keystrokes = [];
    w.enters = [];
    document.addEventListener(
      "keydown",
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () =>
            (event.key === "Enter" ? w.enters : w.keystrokes).push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      true,
    );
  });
}

/** Until React has committed the hydration (the same check the browser tests make). */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } };
      type HostRoot = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
      const key = Object.keys(document).find((k) => k.startsWith("__reactContainer$"));
      const root = key ? (document as unknown as Record<string, HostRoot>)[key] : undefined;
      return Boolean(
        w.__reactRouterDataRouter?.state.initialized && root?.stateNode?.current?.memoizedState?.isDehydrated === false,
      );
    },
    undefined,
    { polling: "raf", timeout: 120_000 },
  );
  return page.evaluate(() => performance.now());
}

/**
 * The price editor of a 2,000-product list in headless Chromium on a mid phone profile (4x CPU
 * slowdown): time to interactive (navigation start to hydrated, median of --editor-loads loads)
 * and keystroke-to-paint while typing prices into cells (--editor-keystrokes keys, p95), and the
 * same while typing into the editor's search box, which filters the 2,000 rows.
 */
export const editorSuite: BenchSuite = {
  name: "editor",
  run: async () =>
    onTemporaryPglite("editor", async (dataDir) => {
      const list = await withBenchDatabase({ kind: "pglite", dataDir }, () => seedPriceBench());
      const site = await startSite(dataDir);
      const browser = await launchBrowser();
      try {
        const seller = demoAccounts.find((a) => a.role === "seller")!;
        const cookie = await signIn(site.url, seller.email);
        const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true });
        await context.addCookies(browserCookies(cookie, site.url));
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        const url = `${site.url}/prices-manage/${list.slug}`;
        const loads: number[] = [];
        for (let i = 0; i < LOADS; i++) {
          await page.goto(url, { waitUntil: "commit" });
          loads.push(await hydrated(page));
        }
        const all = formatNumber(BENCH_PRODUCTS, "en");
        if (!(await page.getByText(`${all} of ${all} products shown`).isVisible())) {
          throw new Error(`the editor does not hold the ${BENCH_PRODUCTS} products of the list`);
        }

        await installKeystrokeClock(page);
        await page.locator('input[data-cell="price"]').first().click();
        for (let i = 0; i < KEYSTROKES; i++) {
          // A price a row, as a seller types them, at a brisk typist's pace.
          const key = i % 5 === 4 ? "Enter" : String((i * 7) % 10);
          await page.keyboard.press(key, { delay: 20 });
          await page.waitForTimeout(80);
        }
        const { digits, enters } = await page.evaluate(() => {
          const w = window as unknown as { keystrokes: number[]; enters: number[] };
          return { digits: w.keystrokes.splice(0), enters: w.enters.splice(0) };
        });
        const cells = [...digits, ...enters];

        await page.getByRole("searchbox").first().click();
        for (const key of "avocado lot 1".split("")) {
          await page.keyboard.press(key === " " ? "Space" : key, { delay: 20 });
          await page.waitForTimeout(80);
        }
        const search = await page.evaluate(() => (window as unknown as { keystrokes: number[] }).keystrokes.splice(0));
        const shown = await page.locator('input[data-cell="price"]').count();
        if (shown === 0) throw new Error("the search left no row");

        // The browser's own share, for reference: the same digits typed into a bare input (no
        // React, no handler) put in the first row of the same table.
        await page.evaluate(() => {
          const input = document.createElement("input");
          input.id = "bench-bare-input";
          document.querySelector("tbody tr th")?.append(input);
        });
        await page.locator("#bench-bare-input").click();
        for (let i = 0; i < KEYSTROKES; i++) {
          await page.keyboard.press(String((i * 7) % 10), { delay: 20 });
          await page.waitForTimeout(80);
        }
        const bare = await page.evaluate(() => (window as unknown as { keystrokes: number[] }).keystrokes.splice(0));

        const profile = `${PHONE.width}×${PHONE.height}, ${CPU_SLOWDOWN}x CPU slowdown, PGlite`;
        const rowsOut: Measurement[] = [
          {
            what: `price editor of ${BENCH_PRODUCTS.toLocaleString("en")} products: time to interactive`,
            value: percentile(loads, 50) / 1000,
            unit: "s",
            note: `median of ${LOADS} loads, navigation start to hydrated; ${profile}`,
          },
          {
            what: "price editor: keystroke to paint in a price cell, p95",
            value: percentile(cells, 95),
            unit: "ms",
            budget: { max: EDITOR_BUDGET.keystrokeP95Ms },
            note: `${cells.length} keys, median ${percentile(cells, 50).toFixed(0)} ms; digits p95 ${percentile(digits, 95).toFixed(0)} ms, Enter (to the next row) p95 ${percentile(enters, 95).toFixed(0)} ms; ${profile}`,
          },
          {
            what: "for reference: keystroke to paint in a bare input in the same table, p95",
            value: percentile(bare, 95),
            unit: "ms",
            note: `${bare.length} digits, median ${percentile(bare, 50).toFixed(0)} ms: the browser's own cost on this machine; ${profile}`,
          },
          {
            what: "price editor: keystroke to paint in its search box, p95",
            value: percentile(search, 95),
            unit: "ms",
            note: `${search.length} keys filtering ${BENCH_PRODUCTS.toLocaleString("en")} rows, median ${percentile(search, 50).toFixed(0)} ms; ${profile}`,
          },
        ];
        return rowsOut;
      } finally {
        await browser.close();
        await site.stop();
      }
    }),
};
