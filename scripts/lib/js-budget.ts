import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** docs/decisions/024-budgets-and-rules.md: JavaScript before interaction on a public page, gzip. */
export const jsBudgetKb = { total: 150, own: 35 } as const;

/** The public pages the budget applies to. */
export const budgetPages = ["/", "/products", "/prices", "/contact", "/about-us"] as const;

export type ScriptSize = { url: string; gzipBytes: number; ownBytes: number };
export type PageScripts = { path: string; scripts: ScriptSize[]; totalKb: number; ownKb: number };

/**
 * The scripts a page runs before anyone can interact with it: every modulepreloaded module and
 * every module the inline bootstrap script imports (the entry and the matched routes). Lazy
 * chunks loaded later (toasts, dialogs) are not among them. The server starts them after the
 * first paint (app/lib/script-deferral.server.ts): the preloads are then listed in the loader's
 * data-modulepreload attribute and the bootstrap script has the deferred type.
 */
export function scriptsOfPage(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="modulepreload"/.test(tag)) continue;
    const href = tag.match(/\bhref="([^"]+)"/)?.[1];
    if (href) urls.add(href);
  }
  for (const [, list] of html.matchAll(/<script\b[^>]*\bdata-modulepreload="([^"]*)"/g)) {
    for (const href of list.split(" ")) if (href) urls.add(href);
  }
  const bootstrap = /<script\b[^>]*type="(?:module|text\/x-deferred-module)"[^>]*>([\s\S]*?)<\/script>/g;
  for (const [, body] of html.matchAll(bootstrap)) {
    for (const [, url] of body.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)"([^"]+\.js)"/g)) urls.add(url);
  }
  return [...urls];
}

export type BundleReport = { chunks: Record<string, { own: number; libraries: number }> };

export function readReport(buildDir: string): BundleReport {
  const file = path.join(buildDir, "bundle-report.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: the build predates the bundle report (vite.config.ts).`);
  return JSON.parse(readFileSync(file, "utf8")) as BundleReport;
}

/**
 * Gzip sizes of a page's scripts as the server sends them. Our own share of a chunk is its gzip
 * size times the share of its unminified bytes that come from our sources (build/bundle-report.json).
 */
export async function measureScripts(
  baseUrl: string,
  pagePath: string,
  urls: string[],
  report: BundleReport,
): Promise<PageScripts> {
  const scripts: ScriptSize[] = [];
  for (const url of urls) {
    const res = await fetch(new URL(url, baseUrl));
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}.`);
    const gzipBytes = gzipSync(Buffer.from(await res.arrayBuffer())).byteLength;
    const entry = report.chunks[new URL(url, baseUrl).pathname.replace(/^\//, "")];
    if (!entry) throw new Error(`${url} is not in the bundle report: was the site rebuilt while it was measured?`);
    const share = entry.own + entry.libraries > 0 ? entry.own / (entry.own + entry.libraries) : 0;
    scripts.push({ url, gzipBytes, ownBytes: Math.round(gzipBytes * share) });
  }
  const kb = (bytes: number) => bytes / 1024;
  return {
    path: pagePath,
    scripts,
    totalKb: kb(scripts.reduce((sum, s) => sum + s.gzipBytes, 0)),
    ownKb: kb(scripts.reduce((sum, s) => sum + s.ownBytes, 0)),
  };
}

/**
 * Fetches each page from a running production server and measures its scripts; `buildDir` is the
 * build that server runs (for its bundle report).
 */
export async function measurePages(baseUrl: string, buildDir: string, paths: readonly string[] = budgetPages) {
  const report = readReport(buildDir);
  const results: PageScripts[] = [];
  for (const pagePath of paths) {
    const res = await fetch(new URL(pagePath, baseUrl));
    if (res.status !== 200) throw new Error(`GET ${pagePath} answered ${res.status}.`);
    results.push(await measureScripts(baseUrl, pagePath, scriptsOfPage(await res.text()), report));
  }
  return results;
}
