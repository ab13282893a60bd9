import path from "node:path";
import { chromium } from "playwright-core";
import { build } from "vite";
import { searchKey } from "../../app/lib/search";
import { seedProducts } from "../../app/setup/seed-data";
import { chromiumArgs, ensureChromium } from "../../tests/support/browser";
import type { BenchSuite } from "./bench";
import { argValue } from "./cli";
import { percentile } from "./load-test";

/** Budget (docs/decisions/028-search.md): one search over a 2,000-product page, in the browser. */
export const SEARCH_BUDGET = { p95Ms: 5 };

const PRODUCTS = 2_000;
const ROUNDS = Number(argValue("search-rounds") ?? 20);

/** What a distributor's catalogue adds to a product's name: sizes, grades, origins, packs. */
const VARIANTS: Array<[en: string, es: string]> = [
  ["48ct", "48 unidades"],
  ["60ct", "60 unidades"],
  ["Organic", "orgánico"],
  ["Jumbo", "jumbo"],
  ["#1 Grade", "primera"],
  ["Mexico", "México"],
  ["Florida", "Florida"],
  ["Guatemala", "Guatemala"],
  ["Dominican Republic", "República Dominicana"],
  ["25 lb case", "caja de 25 lb"],
  ["10 lb bag", "saco de 10 lb"],
  ["Small", "pequeño"],
  ["Large", "grande"],
  ["Premium", "selecto"],
];

/** 2,000 keys of names as an imported catalogue has them: the demo's, each with a variant or two. */
function productKeys() {
  return Array.from({ length: PRODUCTS }, (_, i) => {
    const base = seedProducts[i % seedProducts.length];
    const [en1, es1] = VARIANTS[i % VARIANTS.length];
    const [en2, es2] = VARIANTS[Math.floor(i / VARIANTS.length) % VARIANTS.length];
    return searchKey(`${base.en} ${en1} ${en2}`, `${base.es} ${es1} ${es2}`);
  });
}

/** What people type, letter by letter and whole, accents or none, aliases, plurals, two words. */
const QUERIES = [
  ..."limon".split("").map((_, i, all) => all.slice(0, i + 1).join("")),
  ..."aguacate hass".split("").map((_, i, all) => all.slice(0, i + 1).join("")),
  "limón",
  "pina",
  "piña dorada",
  "avocado",
  "guineo",
  "plátanos",
  "tomatoes",
  "tomate",
  "strawberries",
  "nueces",
  "papa",
  "organic 48ct",
  "mexico",
  "25 lb",
  "zzz",
  "%",
];

/** The page's search over its rows (app/routes/prices-private.tsx does the same). */
declare const searchModule: typeof import("../../app/lib/search");

/**
 * app/lib/search.ts bundled by the project's Vite for the page, then in headless Chromium: each
 * query compiled and ranked over the 2,000 keys, matches sorted by tier, ROUNDS times; the p95 of
 * one search.
 */
export const searchSuite: BenchSuite = {
  name: "search",
  run: async () => {
    const bundled = await build({
      configFile: false,
      logLevel: "silent",
      build: {
        write: false,
        minify: true,
        lib: { entry: path.resolve("app/lib/search.ts"), formats: ["iife"], name: "searchModule" },
      },
    });
    const output = (Array.isArray(bundled) ? bundled[0] : bundled) as { output: Array<{ code?: string }> };
    const code = output.output[0].code!;
    const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
    try {
      const page = await browser.newPage();
      await page.setContent("<!doctype html><title>search</title>");
      await page.addScriptTag({ content: code });
      const times = await page.evaluate(
        ({ keys, queries, rounds }) => {
          const spent: number[] = [];
          let found = 0;
          for (let round = 0; round < rounds; round++) {
            for (const query of queries) {
              const start = performance.now();
              const search = searchModule.compileSearch(query);
              if (search) {
                const shown: Array<{ key: string; rank: number }> = [];
                for (const key of keys) {
                  const rank = search.rank(key);
                  if (rank !== null) shown.push({ key, rank });
                }
                shown.sort((a, b) => a.rank - b.rank);
                found += shown.length;
              }
              spent.push(performance.now() - start);
            }
          }
          // Read, so the work cannot be left out.
          if (found < 0) throw new Error("unreachable");
          return spent;
        },
        { keys: productKeys(), queries: QUERIES, rounds: ROUNDS },
      );
      return [
        {
          what: `search over ${PRODUCTS.toLocaleString("en")} products p95 in the browser`,
          value: percentile(times, 95),
          unit: "ms",
          digits: 2,
          budget: { max: SEARCH_BUDGET.p95Ms },
          note: `${QUERIES.length} queries × ${ROUNDS} rounds, median ${percentile(times, 50).toFixed(2)} ms; Chromium's clock is coarse (0.1 ms)`,
        },
      ];
    } finally {
      await browser.close();
    }
  },
};
