import type { UnderstoodRow } from "./types";

/** A product already in the catalogue, as the plan compares it (D21). */
export type ExistingProduct = {
  id: string;
  quickbooksId: string | null;
  sku: string | null;
  /** Its price in the chosen list, in cents; null when the list has no price for it. */
  priceCents: number | null;
  /** Compared when given: an update sets active, quantity on hand, SKU and QuickBooks ID too. */
  active?: boolean;
  quantity?: number | null;
};

export type ExistingProducts = {
  byQuickbooksId: ReadonlyMap<string, ExistingProduct>;
  bySku: ReadonlyMap<string, ExistingProduct>;
};

/** Indexes products for `planImport`. */
export function indexExisting(products: Iterable<ExistingProduct>): ExistingProducts {
  const byQuickbooksId = new Map<string, ExistingProduct>();
  const bySku = new Map<string, ExistingProduct>();
  for (const product of products) {
    if (product.quickbooksId) byQuickbooksId.set(product.quickbooksId, product);
    if (product.sku && !bySku.has(product.sku)) bySku.set(product.sku, product);
  }
  return { byQuickbooksId, bySku };
}

export type SkipReason = "service_item" | "known_non_product_code" | "invalid_description" | "duplicate";

export type PlannedRow =
  | { row: number; action: "create" }
  | { row: number; action: "update" | "unchanged"; productId: string; matchedBy: "quickbooks_id" | "sku" }
  | { row: number; action: "skip"; reason: SkipReason; supersededBy?: number }
  | { row: number; action: "error" };

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

export type ImportPlan = { counts: PlanCounts; rows: PlannedRow[] };

function findExisting(row: UnderstoodRow, existing: ExistingProducts | undefined) {
  if (!existing || row.quickbooksId === null) return null;
  const byId = existing.byQuickbooksId.get(row.quickbooksId);
  if (byId) return { product: byId, matchedBy: "quickbooks_id" as const };
  // D21: then the SKU, but never a product that belongs to another QuickBooks item.
  const bySku = row.sku ? existing.bySku.get(row.sku) : undefined;
  if (bySku && (bySku.quickbooksId === null || bySku.quickbooksId === row.quickbooksId)) {
    return { product: bySku, matchedBy: "sku" as const };
  }
  return null;
}

function isUnchanged(row: UnderstoodRow, product: ExistingProduct, matchedBy: "quickbooks_id" | "sku") {
  if (matchedBy === "sku") return false; // the QuickBooks ID gets set
  if (row.priceCents !== null && row.priceCents !== product.priceCents) return false;
  if (product.active !== undefined && product.active !== row.active) return false;
  if (product.quantity !== undefined && row.quantityOnHand !== null && product.quantity !== row.quantityOnHand)
    return false;
  if (row.sku !== null && row.sku !== product.sku) return false;
  return true;
}

const SKIP_REASON: Partial<Record<UnderstoodRow["status"], SkipReason>> = {
  skipped_service_item: "service_item",
  skipped_known_non_product_code: "known_non_product_code",
  skipped_invalid_description: "invalid_description",
};

/**
 * The dry run (section 2's preview): what importing these rows would do, without a database.
 * With `existing`, an item found by QuickBooks ID (then by SKU) is updated, or unchanged when its
 * price in the list, active flag, quantity and SKU already match; without it everything is new.
 * A missing price never removes one. Duplicates: the last row of an item wins; earlier ones are
 * skipped as `duplicate`. create + update + unchanged + skipped + errors = total.
 */
export function planImport(rows: readonly UnderstoodRow[], existing?: ExistingProducts): ImportPlan {
  const lastRow = new Map<string, number>();
  for (const row of rows) if (row.importable && row.quickbooksId !== null) lastRow.set(row.quickbooksId, row.row);

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
  const planned: PlannedRow[] = [];
  for (const row of rows) {
    if (row.status === "error") {
      counts.errors++;
      planned.push({ row: row.row, action: "error" });
      continue;
    }
    const reason = SKIP_REASON[row.status];
    if (reason) {
      counts.skipped[reason]++;
      counts.skipped.total++;
      planned.push({ row: row.row, action: "skip", reason });
      continue;
    }
    const winner = lastRow.get(row.quickbooksId!);
    if (winner !== row.row) {
      counts.skipped.duplicate++;
      counts.skipped.total++;
      planned.push({ row: row.row, action: "skip", reason: "duplicate", supersededBy: winner });
      continue;
    }
    if (!row.active) counts.inactive++;
    if (row.priceCents === null) counts.withoutPrice++;
    if (!row.recognized) counts.unrecognized++;
    const match = findExisting(row, existing);
    if (!match) {
      counts.create++;
      planned.push({ row: row.row, action: "create" });
    } else {
      const action = isUnchanged(row, match.product, match.matchedBy) ? "unchanged" : "update";
      counts[action]++;
      planned.push({ row: row.row, action, productId: match.product.id, matchedBy: match.matchedBy });
    }
  }
  return { counts, rows: planned };
}
