import type { ImportRowResult } from "../results";

/**
 * What an import did (or, in the preview, would do) with the rows of a file, in the categories
 * the preview and the result both show: every row is in exactly one of new, linked, updated,
 * unchanged, skipped, invalid and errors, so they add up to the rows of the file.
 */
export type ImportCounts = {
  total: number;
  /** Products created. */
  new: number;
  /** Products that were in the catalogue without a QuickBooks ID, linked to their item by SKU or by name. */
  linked: number;
  /** Products matched by QuickBooks ID and changed. */
  updated: number;
  /** Products matched by QuickBooks ID and already up to date. */
  unchanged: number;
  /** Product rows not written: an earlier copy of a later row, or left out by staff. */
  skipped: { total: number; duplicate: number; byStaff: number };
  /** Rows that are not products: services and charges, fees and deposits, invalid descriptions. */
  invalid: { total: number; serviceItem: number; knownNonProductCode: number; invalidDescription: number };
  /** Rows refused or failed, and rows that never reached the server. */
  errors: number;
};

/** A row as the counts see it; `n` rows alike (the server counts its stored rows by group). */
export type CountedRow = Pick<ImportRowResult, "action" | "match" | "finalStatus"> & { n?: number };

export function emptyCounts(): ImportCounts {
  return {
    total: 0,
    new: 0,
    linked: 0,
    updated: 0,
    unchanged: 0,
    skipped: { total: 0, duplicate: 0, byStaff: 0 },
    invalid: { total: 0, serviceItem: 0, knownNonProductCode: 0, invalidDescription: 0 },
    errors: 0,
  };
}

/** The counts of these rows; `missing` rows of the file that have no result yet count as errors. */
export function countRows(rows: Iterable<CountedRow>, missing = 0): ImportCounts {
  const c = emptyCounts();
  for (const { action, match, finalStatus, n = 1 } of rows) {
    c.total += n;
    if (action === "created") c.new += n;
    else if ((action === "updated" || action === "unchanged") && (match === "name" || match === "sku")) c.linked += n;
    else if (action === "updated") c.updated += n;
    else if (action === "unchanged") c.unchanged += n;
    else if (action === "duplicate" || finalStatus === "skipped_by_staff") {
      c.skipped.total += n;
      c.skipped[action === "duplicate" ? "duplicate" : "byStaff"] += n;
    } else if (action === "skipped") {
      c.invalid.total += n;
      if (finalStatus === "skipped_service_item") c.invalid.serviceItem += n;
      else if (finalStatus === "skipped_known_non_product_code") c.invalid.knownNonProductCode += n;
      else c.invalid.invalidDescription += n;
    } else c.errors += n;
  }
  c.total += missing;
  c.errors += missing;
  return c;
}

/** The parts of the one line "69 rows = 40 new + 8 linked + …", in the order they are said. */
export const COUNT_PARTS = ["new", "linked", "updated", "unchanged", "skipped", "invalid", "errors"] as const;

export function countPart(counts: ImportCounts, part: (typeof COUNT_PARTS)[number]): number {
  const value = counts[part];
  return typeof value === "number" ? value : value.total;
}
