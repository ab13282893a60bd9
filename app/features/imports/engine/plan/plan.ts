import type { RunMessage } from "../run-messages";
import type { UnderstoodRow } from "../types";

/** A product already in the catalogue, as the plan compares it (docs/decisions/014-import-runs.md). */
export type ExistingProduct = {
  id: string;
  quickbooksId: string | null;
  sku: string | null;
  /** Its price in the chosen list, in cents; null when the list has no price for it. */
  priceCents: number | null;
  /** Compared when given: an update sets active, quantity on hand, SKU and QuickBooks ID too. */
  active?: boolean;
  quantity?: number | null;
  /** Whether the chosen list has an item for it (with or without a price); assumed when not given. */
  inList?: boolean;
  /**
   * Archived on the site: the import may not change its item in a list
   * (docs/decisions/017-import-row-errors-and-upkeep.md).
   */
  archived?: boolean;
  /** Its English name, to say which product holds a SKU. */
  name?: string;
};

export type ExistingProducts = {
  byQuickbooksId: ReadonlyMap<string, ExistingProduct>;
  /**
   * The products without a QuickBooks ID holding each SKU, in the order given (oldest first): a row
   * may match them.
   */
  bySku: ReadonlyMap<string, readonly ExistingProduct[]>;
  /**
   * Every product holding each SKU: the import may not give a SKU to a second product
   * (docs/decisions/017-import-row-errors-and-upkeep.md).
   */
  skuHolders: ReadonlyMap<string, readonly ExistingProduct[]>;
};

/**
 * Indexes products for `planImport`, in the order given (oldest first). A product given twice (the
 * screen asks for them in several requests, by QuickBooks ID and by SKU) counts once.
 */
export function indexExisting(products: Iterable<ExistingProduct>): ExistingProducts {
  const byQuickbooksId = new Map<string, ExistingProduct>();
  const bySku = new Map<string, ExistingProduct[]>();
  const skuHolders = new Map<string, ExistingProduct[]>();
  const seen = new Set<string>();
  for (const product of products) {
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    if (product.quickbooksId) byQuickbooksId.set(product.quickbooksId, product);
    else if (product.sku) bySku.set(product.sku, [...(bySku.get(product.sku) ?? []), product]);
    if (product.sku) skuHolders.set(product.sku, [...(skuHolders.get(product.sku) ?? []), product]);
  }
  return { byQuickbooksId, bySku, skuHolders };
}

export type SkipReason = "service_item" | "known_non_product_code" | "invalid_description" | "duplicate";

export type PlannedRow =
  | { row: number; action: "create" }
  | { row: number; action: "update" | "unchanged"; productId: string; matchedBy: "quickbooks_id" | "sku" }
  | { row: number; action: "skip"; reason: SkipReason; supersededBy?: number }
  | {
      row: number;
      action: "error";
      /**
       * Set when the writer would refuse the row
       * (docs/decisions/017-import-row-errors-and-upkeep.md): the final status it would get and why
       * (a `run.messages.*` code). Unset for a row the engine could not read (`error_ai`).
       */
      refusal?: {
        status: "error_db_product" | "error_db_price";
        message: RunMessage;
        /** The product the row matched (null: it would have created one). */
        productId: string | null;
      };
    };

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

function findExisting(row: UnderstoodRow, existing: ExistingProducts | undefined, skus: SkuTracker) {
  if (!existing || row.quickbooksId === null) return null;
  const byId = existing.byQuickbooksId.get(row.quickbooksId);
  if (byId) return { product: byId, matchedBy: "quickbooks_id" as const };
  // Then the SKU, among the products that belong to no QuickBooks item yet.
  const bySku = row.sku ? skus.unclaimed(row.sku) : undefined;
  return bySku ? { product: bySku, matchedBy: "sku" as const } : null;
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

/**
 * Who holds each SKU as the plan goes, as the writer tracks it: a product keeps its SKU until a
 * row gives it another, and a product the file creates holds its SKU from its row on. A product
 * a row matched by SKU takes that row's QuickBooks ID, so the next row with the same SKU matches
 * the next product without one, or none.
 */
function skuTracker(existing: ExistingProducts | undefined) {
  type Holder = ExistingProduct | { newRow: number; name: string | null; quickbooksId: string | null };
  const holders = new Map<string, Set<Holder>>();
  const moved = new Map<ExistingProduct, string | null>();
  const claimed = new Map<Holder, string>();
  const of = (sku: string) => {
    let set = holders.get(sku);
    if (!set) holders.set(sku, (set = new Set(existing?.skuHolders.get(sku) ?? [])));
    return set;
  };
  return {
    /** Another holder than `target` (null: a product the row creates). */
    other(sku: string, target: ExistingProduct | null) {
      for (const holder of of(sku)) if (holder !== target) return holder;
      return null;
    },
    give(sku: string, row: UnderstoodRow, target: ExistingProduct | null) {
      if (!target) {
        of(sku).add({ newRow: row.row, name: row.name, quickbooksId: row.quickbooksId });
        return;
      }
      const before = moved.has(target) ? moved.get(target)! : target.sku;
      if (before) of(before).delete(target);
      of(sku).add(target);
      moved.set(target, sku);
    },
    skuOf(target: ExistingProduct) {
      return moved.has(target) ? moved.get(target)! : target.sku;
    },
    unclaimed(sku: string) {
      return existing?.bySku.get(sku)?.find((product) => !claimed.has(product));
    },
    claim(target: ExistingProduct, quickbooksId: string) {
      claimed.set(target, quickbooksId);
    },
    quickbooksIdOf(holder: Holder) {
      return claimed.get(holder) ?? holder.quickbooksId;
    },
  };
}

type SkuTracker = ReturnType<typeof skuTracker>;

/**
 * What the writer would refuse (docs/decisions/017-import-row-errors-and-upkeep.md): a SKU another
 * product holds, an archived product's item.
 */
function refusalOf(
  row: UnderstoodRow,
  product: ExistingProduct | null,
  skus: SkuTracker,
): Extract<PlannedRow, { action: "error" }>["refusal"] {
  if (row.sku !== null && (!product || skus.skuOf(product) !== row.sku)) {
    const holder = skus.other(row.sku, product);
    if (holder) {
      const params = { sku: row.sku, product: holder.name ?? null, quickbooksId: skus.quickbooksIdOf(holder) };
      return {
        status: "error_db_product",
        message: { code: "sku_taken", severity: "error", params },
        productId: product?.id ?? null,
      };
    }
  }
  if (product?.archived) {
    const inList = product.inList ?? true;
    const changesItem =
      (row.priceCents !== null && (!inList || row.priceCents !== product.priceCents)) ||
      (row.priceCents === null && !inList);
    if (changesItem) {
      const params = { product: product.name ?? product.id };
      return {
        status: "error_db_price",
        message: { code: "archived_price", severity: "error", params },
        productId: product.id,
      };
    }
  }
  if (row.sku !== null) skus.give(row.sku, row, product);
  return undefined;
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
  const skus = skuTracker(existing);
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
    const match = findExisting(row, existing, skus);
    const refusal = refusalOf(row, match?.product ?? null, skus);
    if (refusal) {
      counts.errors++;
      planned.push({ row: row.row, action: "error", refusal });
      continue;
    }
    if (match?.matchedBy === "sku") skus.claim(match.product, row.quickbooksId!);
    if (!row.active) counts.inactive++;
    if (row.priceCents === null) counts.withoutPrice++;
    if (!row.recognized) counts.unrecognized++;
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
