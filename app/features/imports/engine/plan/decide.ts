import { PACK_VALUE_BELOW } from "../limits";
import type { RunMessage } from "../messages";
import type { PreparedRow } from "../prepare";
import {
  finalStatusAfterWrite,
  finalStatusBeforeWrite,
  type DbStatus,
  type FinalStatus,
  type RowAction,
} from "../statuses";

/**
 * The fate of each row of an import, decided once for the preview, the command line's dry run and
 * the writer alike (docs/decisions/014-import-runs.md, docs/decisions/017-import-row-errors-and-upkeep.md):
 * what the preview says is what the write does. Pure: the writer gives the products its batch may
 * touch, read from the database in its transaction; the preview gives the ones the screen asked for.
 */

/** A product already in the catalogue, as a decision compares it. */
export type ExistingProduct = {
  id: string;
  quickbooksId: string | null;
  sku: string | null;
  /** Its price in the chosen list, in cents; null when the list has no price for it. */
  priceCents: number | null;
  active: boolean;
  quantity: number | null;
  /** Whether the chosen list has an item for it (with or without a price). */
  inList: boolean;
  /** Archived on the site: the import may not change its item in a list. */
  archived: boolean;
  /** Its English name, to say which product holds a SKU. */
  name: string;
};

export type ExistingProducts = {
  /** Every product once, in the order given: the order a SKU's holders are named in. */
  all: readonly ExistingProduct[];
  byQuickbooksId: ReadonlyMap<string, ExistingProduct>;
  /** The products without a QuickBooks ID holding each SKU, oldest first: a row may match them. */
  bySku: ReadonlyMap<string, readonly ExistingProduct[]>;
};

/**
 * Indexes products for the decisions, in the order given (oldest first). A product given twice
 * (the screen asks for them in several requests, by QuickBooks ID and by SKU) counts once.
 */
export function indexExisting(products: Iterable<ExistingProduct>): ExistingProducts {
  const all: ExistingProduct[] = [];
  const byQuickbooksId = new Map<string, ExistingProduct>();
  const bySku = new Map<string, ExistingProduct[]>();
  const seen = new Set<string>();
  for (const product of products) {
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    all.push(product);
    if (product.quickbooksId) byQuickbooksId.set(product.quickbooksId, product);
    else if (product.sku) bySku.set(product.sku, [...(bySku.get(product.sku) ?? []), product]);
  }
  return { all, byQuickbooksId, bySku };
}

/** A product as the decisions go: one of the catalogue's, or one the file creates. */
export type ProductState = Omit<ExistingProduct, "id"> & {
  /** Null for a product the file creates, until the writer inserts it. */
  id: string | null;
  /** The row that creates it, when the file creates it: later rows of its item change that insert. */
  createdBy: PreparedRow | null;
};

export type Decision = {
  action: RowAction;
  /** The product the row creates or matched (also when it is refused); null for rows that are not products. */
  product: ProductState | null;
  productStatus: DbStatus;
  priceStatus: DbStatus;
  finalStatus: FinalStatus;
  /** The row's item in the list before it (`absent`: not in the list), when the row changes it. */
  priceChange: { oldCents: number | null | "absent"; newCents: number | null } | null;
  /** What the import notes about the row, before the engine's messages. */
  notes: RunMessage[];
};

/** numeric(12, 2) and integer: what the quantity and price columns hold. */
const QUANTITY_BELOW = 1e10;
const INTEGER_MAX = 2_147_483_647;

const fitsPrice = (cents: number | null) =>
  cents === null || (Number.isSafeInteger(cents) && cents >= 0 && cents <= INTEGER_MAX);
const fitsNumeric = (value: number | null, below: number, digits: number) =>
  value === null || (Number.isFinite(value) && Math.abs(Number(value.toFixed(digits))) < below);

/**
 * A row the database's rules refuse, decided before anything is written so that the rest of its
 * batch is written and nothing of this row is: `error_db_product` (its product cannot be written)
 * or `error_db_price` (its price in the list cannot be), with the reason in its note.
 */
function refuse(
  state: ProductState | null,
  refusal: "error_db_product" | "error_db_price",
  note: RunMessage,
): Decision {
  return {
    action: "error",
    product: state,
    productStatus: refusal === "error_db_product" ? "error" : "skipped",
    priceStatus: refusal === "error_db_price" ? "error" : "skipped",
    finalStatus: refusal,
    priceChange: null,
    notes: [note],
  };
}

/** The decision for a row of a batch that failed every attempt: nothing of it was written. */
export function batchFailed(): Decision {
  return {
    action: "error",
    product: null,
    productStatus: "skipped",
    priceStatus: "skipped",
    finalStatus: "error_system",
    priceChange: null,
    notes: [{ code: "batch_failed", severity: "error" }],
  };
}

const written = (row: PreparedRow) => finalStatusAfterWrite(row.status as "product" | "processed_inactive");

/**
 * A row nothing is written for: not a product, unreadable, or an earlier copy of a later row
 * (whose item the later row writes, so it counts as done: the specification's "unchanged (skipped)").
 */
function leftOut(row: PreparedRow, action: "skipped" | "error" | "duplicate"): Decision {
  // Never read at all (its reading failed unexpectedly): not the engine's judgement (`error_ai`).
  const unread = row.status === "error" && row.aiStatus === "pending";
  return {
    action,
    product: null,
    productStatus: "skipped",
    priceStatus: "skipped",
    finalStatus: action === "duplicate" ? written(row) : unread ? "unknown_error" : finalStatusBeforeWrite(row.status),
    priceChange: null,
    notes: [],
  };
}

/**
 * Decides the rows of a file (or of a batch) in order: a row is matched by QuickBooks ID, then by
 * SKU among the products without one (oldest first), else it creates a product; an earlier copy
 * of a later row is left out; a row is refused when a value does not fit its column, when it
 * would give a SKU another product holds, or when it would change an archived product's item.
 * Only the fields an import owns change (active, quantity on hand, SKU, QuickBooks ID, the price
 * in the list); a missing price never removes one. The decider keeps what earlier rows did, so
 * call it once per row, in the file's order.
 */
export function createDecider(existing?: ExistingProducts) {
  const byKey = new Map<string, ProductState>();
  const bySku = new Map<string, ProductState[]>();
  const skuHolders = new Map<string, Set<ProductState>>();
  const stateOf = new Map<ExistingProduct, ProductState>();
  const toState = (product: ExistingProduct) => {
    let state = stateOf.get(product);
    if (!state) stateOf.set(product, (state = { ...product, createdBy: null }));
    return state;
  };
  const holdSku = (sku: string, state: ProductState) => {
    let holders = skuHolders.get(sku);
    if (!holders) skuHolders.set(sku, (holders = new Set()));
    holders.add(state);
  };
  for (const product of existing?.all ?? []) {
    const state = toState(product);
    if (state.sku !== null) holdSku(state.sku, state);
  }
  for (const product of existing?.byQuickbooksId.values() ?? []) byKey.set(product.quickbooksId!, toState(product));
  for (const [sku, products] of existing?.bySku ?? []) bySku.set(sku, products.map(toState));

  /** Another product than `state` (null: a product to create) already holds `sku`. */
  const otherHolder = (sku: string, state: ProductState | null) => {
    for (const holder of skuHolders.get(sku) ?? []) if (holder !== state) return holder;
    return null;
  };

  return function decide(row: PreparedRow): Decision {
    if (!row.importable) return leftOut(row, row.status === "error" ? "error" : "skipped");
    if (row.supersededBy !== null) return leftOut(row, "duplicate");
    const key = row.quickbooksId!;
    let state = byKey.get(key);
    const matchedBySku = !state && row.sku !== null && (bySku.get(row.sku)?.length ?? 0) > 0;
    if (matchedBySku) state = bySku.get(row.sku!)![0];

    // Values the columns cannot hold: the row is refused rather than failing its whole batch.
    if (!fitsPrice(row.priceCents)) {
      return refuse(state ?? null, "error_db_price", {
        code: "price_not_storable",
        severity: "error",
        params: { price: row.priceCents },
      });
    }
    const quantityFits = fitsNumeric(row.quantity, QUANTITY_BELOW, 2);
    if (!quantityFits || (!state && !fitsNumeric(row.packValue, PACK_VALUE_BELOW, 3))) {
      const value = quantityFits ? `${row.packValue} ${row.packUnit ?? ""}`.trim() : String(row.quantity);
      return refuse(state ?? null, "error_db_product", {
        code: "value_not_storable",
        severity: "error",
        params: { value },
      });
    }
    // A SKU names one product: the row may not give it to a product while another one holds it.
    if (row.sku !== null && (!state || state.sku !== row.sku)) {
      const holder = otherHolder(row.sku, state ?? null);
      if (holder) {
        return refuse(state ?? null, "error_db_product", {
          code: "sku_taken",
          severity: "error",
          params: { sku: row.sku, product: holder.name, quickbooksId: holder.quickbooksId },
        });
      }
    }

    if (!state) {
      state = {
        id: null,
        quickbooksId: key,
        sku: row.sku,
        active: row.active,
        quantity: row.quantity,
        inList: true,
        priceCents: row.priceCents,
        archived: false,
        name: row.name ?? key,
        createdBy: row,
      };
      byKey.set(key, state);
      if (row.sku !== null) holdSku(row.sku, state);
      const notes: RunMessage[] = [{ code: "product_created", severity: "info" }];
      if (row.priceCents !== null)
        notes.push({ code: "price_set", severity: "info", params: { price: row.priceCents } });
      return {
        action: "created",
        product: state,
        productStatus: "success",
        priceStatus: row.priceCents !== null ? "success" : "skipped",
        finalStatus: written(row),
        // A new product joins the list, without a price when the file gave none (the engine's message says so).
        priceChange: { oldCents: "absent", newCents: row.priceCents },
        notes,
      };
    }

    // A known product: what the row changes in its item of the list (a missing price never removes one).
    let priceChange: Decision["priceChange"] = null;
    const before = state.inList ? state.priceCents : ("absent" as const);
    if (row.priceCents !== null && before !== row.priceCents)
      priceChange = { oldCents: before, newCents: row.priceCents };
    else if (row.priceCents === null && before === "absent") priceChange = { oldCents: "absent", newCents: null };
    // The price lists take no price for an archived product: the row is refused whole.
    if (priceChange && state.archived) {
      return refuse(state, "error_db_price", {
        code: "archived_price",
        severity: "error",
        params: { product: state.name },
      });
    }

    if (matchedBySku) {
      bySku.get(row.sku!)!.shift();
      state.quickbooksId = key;
      byKey.set(key, state);
    }
    const details: RunMessage[] = [];
    if (matchedBySku) details.push({ code: "matched_by_sku", severity: "info", params: { sku: row.sku } });
    let productChanged = matchedBySku;
    if (state.active !== row.active) {
      details.push({ code: row.active ? "reactivated" : "deactivated", severity: "info" });
      state.active = row.active;
      productChanged = true;
    }
    if (row.quantity !== null && state.quantity !== row.quantity) {
      details.push({ code: "quantity_changed", severity: "info", params: { old: state.quantity, new: row.quantity } });
      state.quantity = row.quantity;
      productChanged = true;
    }
    if (row.sku !== null && state.sku !== row.sku) {
      details.push({ code: "sku_changed", severity: "info", params: { old: state.sku, new: row.sku } });
      if (state.sku !== null) skuHolders.get(state.sku)?.delete(state);
      holdSku(row.sku, state);
      state.sku = row.sku;
      productChanged = true;
    }
    if (priceChange) {
      details.push(
        before === "absent" || before === null
          ? { code: "price_set", severity: "info", params: { price: row.priceCents } }
          : { code: "price_changed", severity: "info", params: { old: before, new: row.priceCents } },
      );
      state.priceCents = row.priceCents;
    }
    state.inList = true;
    if (!productChanged && !priceChange) {
      return {
        action: "unchanged",
        product: state,
        productStatus: "skipped",
        priceStatus: "skipped",
        finalStatus: written(row),
        priceChange: null,
        notes: [{ code: "unchanged", severity: "info" }],
      };
    }
    return {
      action: "updated",
      product: state,
      productStatus: productChanged ? "success" : "skipped",
      priceStatus: priceChange && row.priceCents !== null ? "success" : "skipped",
      finalStatus: written(row),
      priceChange,
      notes: [{ code: "product_updated", severity: "info" }, ...details],
    };
  };
}
