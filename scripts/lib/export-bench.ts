import "../../app/i18n/instance";
import { demoAccounts } from "../../app/setup/seed-data";
import { buildMessage, type MessageItem, type MessageOptions } from "../../app/features/export/message";
import type { ExportAnswer } from "../../app/features/export/schema";
import { findBuyerItems } from "../../app/features/price-lists/items.server";
import { translatorFor } from "../../app/i18n/store";
import { siteInfo } from "../../app/lib/site.server";
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
import { percentile } from "./load-test";
import { BENCH_PRODUCTS, seedPriceBench, withBenchDatabase, type PriceBenchList } from "./price-bench-data";

/** Budgets of the WhatsApp message of a 2,000-product list. */
export const EXPORT_BUDGET = {
  builderMs: 50,
  actionMs: 250,
};

export type ExportBenchOptions = {
  /** Timed in-process builds of the message, after `builderWarmups` untimed ones. */
  builderRuns: number;
  builderWarmups: number;
  /** Timed sequential POSTs of the generate action, after `actionWarmups` untimed ones. */
  actionRequests: number;
  actionWarmups: number;
};

export function exportBenchOptions(): ExportBenchOptions {
  const n = (name: string, fallback: number) => {
    const value = Number(argValue(name) ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number.`);
    return value;
  };
  return {
    builderRuns: n("builder-runs", 50),
    builderWarmups: 5,
    actionRequests: n("export-requests", 20),
    actionWarmups: 3,
  };
}

const seller = demoAccounts.find((a) => a.role === "seller")!;
const products = BENCH_PRODUCTS.toLocaleString("en-US");

/** What a seller typically sends: the screen's defaults, with a greeting and a closing typed in. */
const formOptions = {
  lang: "en",
  onlyAvailable: "on",
  showPack: "on",
  markChanges: "on",
  greeting: "Good morning! Today's prices, fresh from the market:",
  closing: "Orders until 11 AM for same-day delivery. Thank you!",
} as const;

const builderOptions = (lang: MessageOptions["lang"]): MessageOptions => ({
  lang,
  categories: null,
  onlyAvailable: true,
  showPack: true,
  markChanges: true,
  includeLink: false,
  greeting: formOptions.greeting,
  closing: formOptions.closing,
});

/**
 * The prices of an earlier message as the builder gets them: most unchanged, some up, some down,
 * some products new since then, so every kind of line is drawn.
 */
function previousPrices(items: readonly MessageItem[]) {
  const previous = new Map<string, number | null>();
  items.forEach((item, i) => {
    if (item.priceCents === null || i % 50 === 0) return;
    const shift = i % 10 === 1 ? 25 : i % 10 === 2 ? -25 : 0;
    previous.set(item.productId, item.priceCents + shift);
  });
  return previous;
}

const listMs = (values: number[]) => values.map((v) => v.toFixed(1)).join(", ");

/**
 * The builder alone on the list's items as the database gives them: only its own time, the part of
 * the action that grows with the list and runs on the server's one thread.
 */
async function measureBuilder(list: PriceBenchList, o: ExportBenchOptions): Promise<Measurement[]> {
  const items: MessageItem[] = (await findBuyerItems(list.listId)).map(({ imageKey: _, ...item }) => item);
  if (items.length !== BENCH_PRODUCTS) throw new Error(`The list has ${items.length} items, not ${BENCH_PRODUCTS}.`);
  const previous = previousPrices(items);
  const expected = items.filter((i) => i.priceCents !== null && i.available).length;
  const rows: Measurement[] = [];
  for (const lang of ["en", "es"] as const) {
    const input = {
      t: translatorFor(lang) as never,
      options: builderOptions(lang),
      list: { slug: list.slug, name: `Benchmark ${products} products` },
      site: siteInfo(),
      items,
      previous,
      now: new Date(),
    };
    let built = buildMessage(input);
    if (built.counts.products !== expected) {
      throw new Error(`The message quoted ${built.counts.products} products, not ${expected}.`);
    }
    for (let i = 1; i < o.builderWarmups; i++) buildMessage(input);
    const times: number[] = [];
    for (let i = 0; i < o.builderRuns; i++) {
      const started = performance.now();
      built = buildMessage(input);
      times.push(performance.now() - started);
    }
    const facts = `${built.counts.products.toLocaleString("en-US")} products (${built.counts.up} up, ${built.counts.down} down), ${built.parts.length} parts, ${built.length.toLocaleString("en-US")} characters`;
    const p95 = percentile(times, 95);
    if (lang === "en") {
      rows.push(
        {
          what: `WhatsApp message builder, ${products} products`,
          value: median(times),
          unit: "ms",
          digits: 1,
          budget: { max: EXPORT_BUDGET.builderMs },
          note: `median of ${times.length} in-process buildMessage calls after ${o.builderWarmups} warm-ups; ${facts}`,
        },
        {
          what: "  p95, builder",
          value: p95,
          unit: "ms",
          digits: 1,
          note: `slowest ${listMs([...times].sort((a, b) => b - a).slice(0, 3))} ms`,
        },
      );
    } else {
      rows.push({
        what: "  builder, message in Spanish",
        value: median(times),
        unit: "ms",
        digits: 1,
        note: `median; p95 ${p95.toFixed(1)} ms; ${facts}`,
      });
    }
  }
  return rows;
}

/** The generate action as the screen posts it, timed from sending to the last byte of its answer. */
async function timedGenerate(url: string, cookie: string, slug: string) {
  const body = new URLSearchParams({ intent: "generate", list: slug, ...formOptions });
  const started = performance.now();
  const res = await fetch(`${url}/exportlistswhatsapp/data`, {
    method: "POST",
    headers: { cookie },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let answer: ExportAnswer | undefined;
  try {
    answer = JSON.parse(text) as ExportAnswer;
  } catch {
    // reported below with the status
  }
  if (res.status !== 200 || !answer?.ok || answer.kind !== "message") {
    throw new Error(`POST /exportlistswhatsapp/data answered ${res.status}: ${text.slice(0, 200)}`);
  }
  // A figure about the message means nothing unless the message is the whole list.
  if (answer.counts.products !== BENCH_PRODUCTS) {
    throw new Error(`The generated message quoted ${answer.counts.products} products, not ${BENCH_PRODUCTS}.`);
  }
  return { ms, kb: Buffer.byteLength(text) / 1024, parts: answer.parts.length };
}

async function measureAction(
  dataDir: string,
  env: Record<string, string>,
  list: PriceBenchList,
  engine: string,
  o: ExportBenchOptions,
  budgeted: boolean,
): Promise<Measurement[]> {
  const site = await startSite(dataDir, { env });
  try {
    const cookie = await signIn(site.url, seller.email);
    for (let i = 0; i < o.actionWarmups; i++) await timedGenerate(site.url, cookie, list.slug);
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof timedGenerate>> | undefined;
    for (let i = 0; i < o.actionRequests; i++) {
      last = await timedGenerate(site.url, cookie, list.slug);
      times.push(last.ms);
    }
    const how = `${o.actionRequests} sequential requests after ${o.actionWarmups} warm-ups`;
    return [
      {
        what: `POST /exportlistswhatsapp/data generate, ${products} products, ${engine}`,
        value: median(times),
        unit: "ms",
        budget: budgeted ? { max: EXPORT_BUDGET.actionMs } : undefined,
        note: `median; signed in as seller, to its last byte; ${how}; ${last!.parts} parts, ${last!.kb.toFixed(0)} KB of JSON${budgeted ? "" : "; for information"}`,
      },
      {
        what: `  p95, generate, ${engine}`,
        value: percentile(times, 95),
        unit: "ms",
        note: `slowest ${listMs([...times].sort((a, b) => b - a).slice(0, 3))} ms`,
      },
    ];
  } finally {
    await site.stop();
  }
}

async function onPostgres(o: ExportBenchOptions) {
  return onThrowawayPostgres("export", async (url, dataDir) => {
    const builder: Measurement[] = [];
    const list = await withBenchDatabase({ kind: "postgres", url }, async () => {
      const seeded = await seedPriceBench();
      builder.push(...(await measureBuilder(seeded, o)));
      return seeded;
    });
    return [...builder, ...(await measureAction(dataDir, { DATABASE_URL: url }, list, "PostgreSQL", o, true))];
  });
}

async function onPglite(o: ExportBenchOptions) {
  return onTemporaryPglite("export", async (dataDir) => {
    const list = await withBenchDatabase({ kind: "pglite", dataDir }, seedPriceBench);
    return measureAction(dataDir, {}, list, "PGlite", o, false);
  });
}

/**
 * The WhatsApp message of a 2,000-product list: the builder alone, in this process, and the
 * screen's generate action as the production server answers a signed-in seller (read the items and
 * the last message, build, record it with its activity entry), on PostgreSQL (started here,
 * throwaway) against its budget and on the embedded database for information.
 */
export const exportSuite: BenchSuite = {
  name: "export",
  run: async () => {
    const o = exportBenchOptions();
    return measureParts([() => onPostgres(o), () => onPglite(o)]);
  },
};
