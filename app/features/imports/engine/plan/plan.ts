import { DEFAULT_BATCH_SIZE } from "../limits";
import { prepareRows, type PreparedRow } from "../prepare";
import { toRowResult, type ImportRowResult } from "../results";
import type { UnderstoodRow } from "../types";
import { countRows, type ImportCounts } from "./counts";
import { createDecider, type DecideOptions, type ExistingProducts } from "./decide";

/** What the catalogue is asked about: the rows' QuickBooks IDs and SKUs, which products match on. */
export type MatchKeys = { quickbooksIds: string[]; skus: string[] };

/** The keys of the rows an import writes. */
export function matchKeys(understood: readonly UnderstoodRow[]): MatchKeys {
  const quickbooksIds = new Set<string>();
  const skus = new Set<string>();
  for (const row of understood) {
    if (!row.importable) continue;
    if (row.quickbooksId) quickbooksIds.add(row.quickbooksId);
    if (row.sku) skus.add(row.sku);
  }
  return { quickbooksIds: [...quickbooksIds], skus: [...skus] };
}

/** The counts of a plan, with what the written rows hold that the preview points out. */
export type PlanCounts = ImportCounts & {
  /** Of the written rows: items kept as inactive (processed_inactive). */
  inactive: number;
  /** Of the written rows: rows without a usable price (left without one in the list). */
  withoutPrice: number;
  /** Of the written rows: rows the dictionary did not recognise (names to review). */
  unrecognized: number;
};

export type ImportPlan = {
  counts: PlanCounts;
  /** Each row as the run would store it once written (see `asPlanned` for the screen's view before writing). */
  results: ImportRowResult[];
};

const WRITTEN = new Set(["created", "updated", "unchanged"]);

function countPlan(rows: readonly PreparedRow[], results: readonly ImportRowResult[]): PlanCounts {
  const counts: PlanCounts = { ...countRows(results), inactive: 0, withoutPrice: 0, unrecognized: 0 };
  rows.forEach((row, i) => {
    if (!WRITTEN.has(results[i].action)) return;
    if (!row.active) counts.inactive++;
    if (row.priceCents === null) counts.withoutPrice++;
    if (!row.recognized) counts.unrecognized++;
  });
  return counts;
}

/**
 * The dry run (the screen's preview, the command line's --dry-run): what importing these rows of a
 * whole file would do, without a database. The rows are prepared and decided exactly as the run
 * prepares and decides each batch (`prepareRows`, `createDecider`), against `existing` (without
 * it everything is new), with staff's choices (`options`). The counts add up to the rows.
 */
export function planImport(
  rows: readonly UnderstoodRow[],
  existing?: ExistingProducts,
  batchSize = DEFAULT_BATCH_SIZE,
  options: DecideOptions = {},
): ImportPlan {
  const prepared = prepareRows(rows, { supersededBy: new Map(), firstRow: new Map() });
  const decide = createDecider(existing, options);
  const results = prepared.map((row) => toRowResult(row, decide(row), Math.ceil(row.row / batchSize)));
  return { counts: countPlan(prepared, results), results };
}
