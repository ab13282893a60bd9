import { DEFAULT_BATCH_SIZE } from "../limits";
import { prepareRows, type PreparedRow } from "../prepare";
import { toRowResult, type ImportRowResult } from "../results";
import type { UnderstoodRow } from "../types";
import { createDecider, type ExistingProducts } from "./decide";

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

export type SkipReason = "service_item" | "known_non_product_code" | "invalid_description" | "duplicate";

export type PlanCounts = {
  /** Data rows in the file (blank rows, titles and footers are not rows). */
  total: number;
  create: number;
  update: number;
  unchanged: number;
  /** Of create + update + unchanged: items kept as inactive (processed_inactive). */
  inactive: number;
  skipped: { total: number } & Record<SkipReason, number>;
  errors: number;
  /** Of create + update + unchanged: rows without a usable price (left without one in the list). */
  withoutPrice: number;
  /** Of create + update + unchanged: rows the dictionary did not recognise (names to review). */
  unrecognized: number;
};

export type ImportPlan = {
  counts: PlanCounts;
  /** Each row as the run would store it once written (see `asPlanned` for the screen's view before writing). */
  results: ImportRowResult[];
};

const SKIP_REASON: Partial<Record<ImportRowResult["finalStatus"], SkipReason>> = {
  skipped_service_item: "service_item",
  skipped_known_non_product_code: "known_non_product_code",
  skipped_invalid_description: "invalid_description",
};

function countPlan(rows: readonly PreparedRow[], results: readonly ImportRowResult[]): PlanCounts {
  const counts: PlanCounts = {
    total: rows.length,
    create: 0,
    update: 0,
    unchanged: 0,
    inactive: 0,
    skipped: { total: 0, service_item: 0, known_non_product_code: 0, invalid_description: 0, duplicate: 0 },
    errors: 0,
    withoutPrice: 0,
    unrecognized: 0,
  };
  const ACTION_COUNT = { created: "create", updated: "update", unchanged: "unchanged" } as const;
  rows.forEach((row, i) => {
    const { action, finalStatus } = results[i];
    if (action === "error") counts.errors++;
    else if (action === "duplicate" || action === "skipped") {
      counts.skipped[action === "duplicate" ? "duplicate" : SKIP_REASON[finalStatus]!]++;
      counts.skipped.total++;
    } else {
      counts[ACTION_COUNT[action]]++;
      if (!row.active) counts.inactive++;
      if (row.priceCents === null) counts.withoutPrice++;
      if (!row.recognized) counts.unrecognized++;
    }
  });
  return counts;
}

/**
 * The dry run (the screen's preview, the command line's --dry-run): what importing these rows of a
 * whole file would do, without a database. The rows are prepared and decided exactly as the run
 * prepares and decides each batch (`prepareRows`, `createDecider`), against `existing` (without
 * it everything is new). create + update + unchanged + skipped + errors = total.
 */
export function planImport(
  rows: readonly UnderstoodRow[],
  existing?: ExistingProducts,
  batchSize = DEFAULT_BATCH_SIZE,
): ImportPlan {
  const prepared = prepareRows(rows, { supersededBy: new Map(), firstRow: new Map() });
  const decide = createDecider(existing);
  const results = prepared.map((row) => toRowResult(row, decide(row), Math.ceil(row.row / batchSize)));
  return { counts: countPlan(prepared, results), results };
}
