import { eq } from "drizzle-orm";
import { db } from "../../app/db/client.server";
import { user } from "../../app/db/schema";
import { centsToInput } from "../../app/lib/money";
import { demoAccounts } from "../../app/setup/seed-data";
import { seedCatalog, seedDemoAccounts } from "../../app/setup/seed.server";
import { BIG_LIST_ITEMS, insertBigList } from "../../tests/support/big-list";
import { signIn } from "../../tests/support/server";
import {
  measureParts,
  median,
  onTemporaryPglite,
  onThrowawayPostgres,
  startSite,
  type BenchSuite,
  type Measurement,
} from "./bench";
import { argValue } from "./cli";
import { withBenchDatabase } from "./price-bench-data";
import { saveEditedPrice } from "./price-event-stream";

/** docs/decisions/024-budgets-and-rules.md: server time of the editor and /pricesprivate on that list. */
export const BIG_PAGE_BUDGET_MS = 2_000;
/** docs/decisions/024-budgets-and-rules.md: saving one price in it. */
export const BIG_SAVE_BUDGET_MS = 100;

type SeededList = { slug: string; productIds: string[] };

/** The demo data and the list of 60,000 items (tests/support/big-list.ts), made by the demo seller. */
async function seedBigList(): Promise<SeededList> {
  await seedCatalog();
  await seedDemoAccounts();
  const seller = demoAccounts.find((a) => a.role === "seller")!;
  const [sellerRow] = await db().select({ id: user.id }).from(user).where(eq(user.email, seller.email));
  if (!sellerRow) throw new Error(`The demo seller ${seller.email} is missing.`);
  const list = await insertBigList(sellerRow.id);
  return { slug: list.slug, productIds: list.products.map((p) => p.id) };
}

/** The server's time for one page: a GET on this machine, from sending it to the last byte of the document. */
async function timePage(url: string, cookie: string, runs: number) {
  const times: number[] = [];
  let bytes = 0;
  let rows = 0;
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const html = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${html.slice(0, 300)}`);
    rows = html.match(/data-product="/g)?.length ?? 0;
    bytes = html.length;
    if (run > 0) times.push(ms);
  }
  return { times, bytes, rows };
}

async function timeSaves(baseUrl: string, cookie: string, list: SeededList, runs: number) {
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    await saveEditedPrice(baseUrl, cookie, list.slug, {
      productId: list.productIds[run * 997],
      price: centsToInput(4_000 + run),
    });
    if (run > 0) times.push(performance.now() - started);
  }
  return times;
}

const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(", ");

async function measureSite(engine: string, dataDir: string, env: Record<string, string>, list: SeededList) {
  const runs = Number(argValue("big-runs") ?? 7);
  const seller = demoAccounts.find((a) => a.role === "seller")!;
  const site = await startSite(dataDir, { env });
  try {
    const cookie = await signIn(site.url, seller.email);
    const pageRow = (what: string, path: string, t: Awaited<ReturnType<typeof timePage>>): Measurement => ({
      what: `${what}, ${BIG_LIST_ITEMS.toLocaleString("en-US")} items, ${engine}`,
      value: median(t.times),
      unit: "ms",
      budget: { max: BIG_PAGE_BUDGET_MS },
      note: `GET ${path} as seller; ${t.rows} rows, ${(t.bytes / 1024).toFixed(0)} KB; median of ${t.times.length}: ${ms(t.times)} ms`,
    });
    const slug = encodeURIComponent(list.slug);
    const editor = await timePage(`${site.url}/prices-manage/${slug}`, cookie, runs);
    const search = await timePage(`${site.url}/prices-manage/${slug}?q=mango&availability=in-stock`, cookie, runs);
    const view = await timePage(`${site.url}/pricesprivate/${slug}`, cookie, runs);
    const saves = await timeSaves(site.url, cookie, list, runs);
    return [
      pageRow("price editor", "/prices-manage/{id}", editor),
      pageRow("  searched and filtered", "/prices-manage/{id}?q=mango&availability=in-stock", search),
      pageRow("/pricesprivate", "/pricesprivate/{id}", view),
      {
        what: `  save one price in it, ${engine}`,
        value: median(saves),
        unit: "ms",
        budget: { max: BIG_SAVE_BUDGET_MS },
        note: `POST /prices-manage/{id}/prices over HTTP; median of ${saves.length}: ${ms(saves)} ms`,
      },
    ] satisfies Measurement[];
  } finally {
    await site.stop();
  }
}

/**
 * A list of 60,000 items: the price editor's and /pricesprivate's server time, and one price saved
 * in it, on PostgreSQL (started here, throwaway) and on the embedded database.
 */
export const bigListSuite: BenchSuite = {
  name: "big-list",
  run: () =>
    measureParts([
      () =>
        onThrowawayPostgres("big-list", async (url, dataDir) => {
          const list = await withBenchDatabase({ kind: "postgres", url }, () => seedBigList());
          return measureSite("PostgreSQL", dataDir, { DATABASE_URL: url }, list);
        }),
      () =>
        onTemporaryPglite("big-list", async (dataDir) => {
          const list = await withBenchDatabase({ kind: "pglite", dataDir }, () => seedBigList());
          return measureSite("PGlite", dataDir, {}, list);
        }),
    ]),
};
