import { demoAccounts } from "../../app/setup/seed-data";
import { signIn } from "../../tests/support/server";
import {
  median,
  onTemporaryPglite,
  onThrowawayPostgres,
  residentMemoryMb,
  startSite,
  SuiteFailure,
  type BenchSuite,
  type Measurement,
  type RunningSite,
} from "./bench";
import { argValue } from "./cli";
import { percentile } from "./load-test";
import { BENCH_PRODUCTS, withBenchDatabase } from "./price-bench-data";
import { assertPicturesExist, seedPrintBench, type PrintBenchList } from "./print-bench-data";

/** Budgets of the printed price sheets for a list of 2,000 products. */
export const PRINT_BUDGET = {
  pageMs: 300,
  pdfSeconds: 2,
  pdfWithPicturesSeconds: 5,
  rssGrowthMb: 250,
};

export type PrintBenchOptions = {
  /** Timed sequential requests of each page, after `pageWarmups` untimed ones. */
  pageRequests: number;
  pageWarmups: number;
  /** Timed PDFs of each kind, after one untimed (for pictures: the first, timed on its own). */
  pdfRuns: number;
};

export function printBenchOptions(): PrintBenchOptions {
  const n = (name: string, fallback: number) => {
    const value = Number(argValue(name) ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number.`);
    return value;
  };
  return { pageRequests: n("page-requests", 20), pageWarmups: 3, pdfRuns: n("pdf-runs", 5) };
}

const seller = demoAccounts.find((a) => a.role === "seller")!;
const products = BENCH_PRODUCTS.toLocaleString("en-US");
const layouts = ["long", "short"] as const;
type Layout = (typeof layouts)[number];

type Fetched = { ms: number; body: Buffer };

/** One GET, timed from sending it to the last byte of its (decoded) body. */
async function timedGet(url: string, cookie: string): Promise<Fetched> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(120_000) });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (res.status !== 200) {
    throw new Error(`GET ${url} answered ${res.status}: ${body.subarray(0, 200).toString("utf8")}`);
  }
  return { ms, body };
}

function sheetQuery(list: PrintBenchList, images: boolean) {
  return new URLSearchParams({ list: list.slug, paper: "letter", images: images ? "1" : "0" }).toString();
}

/** A figure about a sheet means nothing unless the sheet is the whole list. */
function assertWholePage(url: string, html: Buffer) {
  const rows = html.toString("utf8").match(/data-product="/g)?.length ?? 0;
  if (rows !== BENCH_PRODUCTS) throw new Error(`GET ${url} showed ${rows} product rows, not ${BENCH_PRODUCTS}.`);
}

/** The page's data names every product by its slug (`<demo slug>-lot-<n>`) at least once. */
function assertWholeData(url: string, data: Buffer) {
  const slugs = data.toString("utf8").match(/-lot-\d+/g)?.length ?? 0;
  if (slugs < BENCH_PRODUCTS) throw new Error(`GET ${url} named ${slugs} products, not ${BENCH_PRODUCTS}.`);
}

type PdfFacts = { pages: number; pictures: number; kb: number };

/** pdfkit compresses page contents but not object dictionaries, so pages and images can be counted in the bytes. */
function pdfFacts(url: string, pdf: Buffer): PdfFacts {
  const text = pdf.toString("latin1");
  if (!text.startsWith("%PDF-")) throw new Error(`GET ${url} did not answer a PDF.`);
  return {
    pages: text.match(/\/Type \/Page\b/g)?.length ?? 0,
    pictures: text.match(/\/Subtype \/Image\b/g)?.length ?? 0,
    kb: pdf.byteLength / 1024,
  };
}

const listMs = (values: number[]) => values.map((v) => v.toFixed(0)).join(", ");
const listSeconds = (values: number[]) => values.map((v) => (v / 1000).toFixed(2)).join(", ");

/** Sequential requests, so each one's time is the server's alone. */
async function timeRequests(url: string, cookie: string, o: PrintBenchOptions, check: (body: Buffer) => void) {
  for (let i = 0; i < o.pageWarmups; i++) check((await timedGet(url, cookie)).body);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < o.pageRequests; i++) {
    const { ms, body } = await timedGet(url, cookie);
    times.push(ms);
    bytes = body.byteLength;
  }
  return { times, kb: bytes / 1024 };
}

async function measurePages(
  site: RunningSite,
  cookie: string,
  list: PrintBenchList,
  engine: string,
  o: PrintBenchOptions,
): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  const how = `${o.pageRequests} sequential requests after ${o.pageWarmups} warm-ups`;
  for (const layout of layouts) {
    const query = sheetQuery(list, true);
    const pageUrl = `${site.url}/prices-${layout}?${query}`;
    const dataUrl = `${site.url}/prices-${layout}.data?${query}`;
    const page = await timeRequests(pageUrl, cookie, o, (body) => assertWholePage(pageUrl, body));
    // The data request runs the page's loaders (root, private layout, sheet) and skips the HTML.
    const data = await timeRequests(dataUrl, cookie, o, (body) => assertWholeData(dataUrl, body));
    rows.push(
      {
        what: `print page /prices-${layout}, ${products} products, ${engine}: whole page`,
        value: median(page.times),
        unit: "ms",
        budget: { max: PRINT_BUDGET.pageMs },
        note: `median; GET /prices-${layout}?list=…&paper=letter&images=1 signed in as seller, to its last byte; ${how}; ${page.kb.toFixed(0)} KB of HTML`,
      },
      {
        what: `  p95, /prices-${layout}, ${engine}`,
        value: percentile(page.times, 95),
        unit: "ms",
        note: `slowest ${listMs([...page.times].sort((a, b) => b - a).slice(0, 3))} ms`,
      },
      {
        what: `  loaders only (/prices-${layout}.data), ${engine}`,
        value: median(data.times),
        unit: "ms",
        note: `median; p95 ${percentile(data.times, 95).toFixed(0)} ms; ${data.kb.toFixed(0)} KB of data; the rest of the page's time is rendering`,
      },
    );
  }
  return rows;
}

/** The server's resident memory, read every `everyMs` until stopped: its peak, and what was running then. */
function sampleMemory(pid: number, everyMs = 20) {
  let peak = residentMemoryMb(pid) ?? 0;
  let during = "";
  let doing = "";
  const timer = setInterval(() => {
    const mb = residentMemoryMb(pid);
    if (mb !== null && mb > peak) {
      peak = mb;
      during = doing;
    }
  }, everyMs);
  return {
    doing: (what: string) => (doing = what),
    stop: () => {
      clearInterval(timer);
      return { peak, during };
    },
  };
}

async function measurePdfs(
  site: RunningSite,
  cookie: string,
  list: PrintBenchList,
  engine: string,
  o: PrintBenchOptions,
  startedMb: number | null,
): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  const pid = site.pid!;
  const before = residentMemoryMb(pid);
  const memory = sampleMemory(pid);
  let pdfs = 0;
  const get = async (layout: Layout, images: boolean) => {
    const url = `${site.url}/prices-${layout}.pdf?${sheetQuery(list, images)}`;
    memory.doing(`/prices-${layout}.pdf${images ? " with pictures" : ""}`);
    const { ms, body } = await timedGet(url, cookie);
    pdfs++;
    return { ms, facts: pdfFacts(url, body) };
  };
  const describe = (f: PdfFacts) => `${f.pages} pages, ${f.kb.toFixed(0)} KB`;
  let sampled: ReturnType<typeof memory.stop>;
  try {
    for (const layout of layouts) {
      await get(layout, false);
      const plain: number[] = [];
      let plainFacts: PdfFacts | undefined;
      for (let i = 0; i < o.pdfRuns; i++) {
        const r = await get(layout, false);
        plain.push(r.ms);
        plainFacts = r.facts;
      }
      // The first PDF with pictures renders each picture's thumbnail and caches it on disk; later ones read the cache.
      const cold = await get(layout, true);
      if (cold.facts.pictures !== list.imageKeys.length) {
        throw new Error(
          `/prices-${layout}.pdf with pictures holds ${cold.facts.pictures} pictures, not the list's ${list.imageKeys.length}.`,
        );
      }
      const warm: number[] = [];
      for (let i = 0; i < o.pdfRuns; i++) warm.push((await get(layout, true)).ms);
      const what = `server PDF /prices-${layout}.pdf Letter, ${products} products, ${engine}`;
      rows.push(
        {
          what: `${what}: no pictures`,
          value: median(plain) / 1000,
          unit: "s",
          budget: { max: PRINT_BUDGET.pdfSeconds },
          note: `median of ${plain.length} after 1 warm-up: ${listSeconds(plain)} s; ${describe(plainFacts!)}`,
        },
        {
          what: `  with pictures, first (thumbnails not yet rendered), ${engine}`,
          value: cold.ms / 1000,
          unit: "s",
          budget: { max: PRINT_BUDGET.pdfWithPicturesSeconds },
          note: `${list.imageKeys.length} distinct demo pictures cycled over the products; ${describe(cold.facts)}`,
        },
        {
          what: `  with pictures, thumbnails cached, ${engine}`,
          value: median(warm) / 1000,
          unit: "s",
          budget: { max: PRINT_BUDGET.pdfWithPicturesSeconds },
          note: `median of ${warm.length}: ${listSeconds(warm)} s`,
        },
      );
    }
  } finally {
    sampled = memory.stop();
  }
  const { peak, during } = sampled;
  if (before !== null) {
    rows.push({
      what: `peak RSS growth of the server during the PDFs, ${engine}`,
      value: Math.max(0, peak - before),
      unit: "MB",
      budget: { max: PRINT_BUDGET.rssGrowthMb },
      note: `${before.toFixed(0)} MB before the first PDF${startedMb === null ? "" : ` (${startedMb.toFixed(0)} MB before the pages)`}, peak ${peak.toFixed(0)} MB (${during || "before the first request"}); read every 20 ms over ${pdfs} PDFs`,
    });
  }
  return rows;
}

type Sections = { pages: Measurement[]; pdfs: Measurement[] };

async function measureSite(
  dataDir: string,
  env: Record<string, string>,
  list: PrintBenchList,
  engine: string,
  o: PrintBenchOptions,
  out: Sections,
) {
  // A first start on a new data directory renders the demo and site pictures, and its memory still
  // shows it long after; the timed server is an ordinary start on the same data.
  await (await startSite(dataDir, { env })).stop();
  assertPicturesExist(dataDir, list.imageKeys);
  const site = await startSite(dataDir, { env });
  try {
    const cookie = await signIn(site.url, seller.email);
    const startedMb = residentMemoryMb(site.pid!);
    out.pages.push(...(await measurePages(site, cookie, list, engine, o)));
    out.pdfs.push(...(await measurePdfs(site, cookie, list, engine, o, startedMb)));
  } finally {
    await site.stop();
  }
}

async function onPostgres(o: PrintBenchOptions, out: Sections) {
  await onThrowawayPostgres("print", async (url, dataDir) => {
    const list = await withBenchDatabase({ kind: "postgres", url }, seedPrintBench);
    await measureSite(dataDir, { DATABASE_URL: url }, list, "PostgreSQL", o, out);
  });
}

async function onPglite(o: PrintBenchOptions, out: Sections) {
  await onTemporaryPglite("print", async (dataDir) => {
    const list = await withBenchDatabase({ kind: "pglite", dataDir }, seedPrintBench);
    await measureSite(dataDir, {}, list, "PGlite", o, out);
  });
}

/**
 * The printed price sheets of a 2,000-product list as the production server serves them to a
 * signed-in seller: the print pages (whole page and loaders alone) and the server PDFs without
 * and with pictures, with the server's memory growth while it draws them, on PostgreSQL (started
 * here, throwaway) and on the embedded database.
 */
export const printSuite: BenchSuite = {
  name: "print",
  run: async () => {
    const o = printBenchOptions();
    const out: Sections = { pages: [], pdfs: [] };
    let failure: unknown;
    try {
      await onPostgres(o, out);
    } catch (error) {
      failure = error;
    }
    try {
      await onPglite(o, out);
    } catch (error) {
      failure ??= error;
    }
    const rows = [...out.pages, ...out.pdfs];
    // What was measured before a failure is still worth printing.
    if (failure) throw new SuiteFailure(failure, rows);
    return rows;
  },
};
