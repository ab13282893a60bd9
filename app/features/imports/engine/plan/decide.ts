import { PACK_VALUE_BELOW } from "../limits";
import type { RunMessage } from "../messages";
import type { PreparedRow } from "../prepare";
import { createNameMatcher, type NamedProduct } from "./match";
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

/** A product already in the catalogue, as a decision compares it (its names, category and pack for a name match). */
export type ExistingProduct = NamedProduct & {
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
};

export type ExistingProducts = {
  /** Every product once, in the order given: the order a SKU's holders are named in. */
  all: readonly ExistingProduct[];
  byQuickbooksId: ReadonlyMap<string, ExistingProduct>;
  /** The products without a QuickBooks ID holding each SKU, oldest first: a row may match them. */
  bySku: ReadonlyMap<string, readonly ExistingProduct[]>;
  byId: ReadonlyMap<string, ExistingProduct>;
};

/**
 * Indexes products for the decisions, in the order given (oldest first). A product given twice
 * (the screen asks for them in several requests, by QuickBooks ID and by SKU) counts once.
 */
export function indexExisting(products: Iterable<ExistingProduct>): ExistingProducts {
  const all: ExistingProduct[] = [];
  const byQuickbooksId = new Map<string, ExistingProduct>();
  const bySku = new Map<string, ExistingProduct[]>();
  const byId = new Map<string, ExistingProduct>();
  for (const product of products) {
    if (byId.has(product.id)) continue;
    byId.set(product.id, product);
    all.push(product);
    if (product.quickbooksId) byQuickbooksId.set(product.quickbooksId, product);
    else if (product.sku) bySku.set(product.sku, [...(bySku.get(product.sku) ?? []), product]);
  }
  return { all, byQuickbooksId, bySku, byId };
}

/** What staff chose for a row in the preview, over the import's own proposal. */
export type RowChoice = { kind: "link"; productId: string } | { kind: "new" } | { kind: "skip" };

export type DecideOptions = {
  /** Match rows that match neither QuickBooks ID nor SKU by name (on unless turned off). */
  nameMatch?: boolean;
  /** Staff's choices by row number. */
  choices?: ReadonlyMap<number, RowChoice>;
};

/** How a row's product was found: the JSON's and the screen's `match`. */
export type MatchKind = "quickbooks-id" | "sku" | "name" | "new";

/** A product a row may be, as the preview and the command line name it. */
export type MatchCandidate = Pick<ExistingProduct, "id" | "name" | "nameEs" | "packValue" | "packUnit">;

const candidateOf = (p: NamedProduct): MatchCandidate => ({
  id: p.id,
  name: p.name,
  nameEs: p.nameEs,
  packValue: p.packValue,
  packUnit: p.packUnit,
});

/** A product as the decisions go: one of the catalogue's, or one the file creates. */
export type ProductState = Omit<ExistingProduct, "id"> & {
  /** Null for a product the file creates, until the writer inserts it. */
  id: string | null;
  /** The row that creates it, when the file creates it: later rows of its item change that insert. */
  createdBy: PreparedRow | null;
  /** The row that linked it to its QuickBooks item by SKU or by name, when a row of the file did. */
  linkedBy?: number;
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
  /** How the row's product was found; null for a row that writes no product. */
  match: MatchKind | null;
  /** Products of the same name the row was compared with (the linked one first); empty otherwise. */
  candidates: MatchCandidate[];
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
    match: null,
    candidates: [],
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
    match: null,
    candidates: [],
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
    match: null,
    candidates: [],
  };
}

/** A product row staff chose to leave out: nothing of it is written. */
function leftOutByStaff(): Decision {
  return {
    action: "skipped",
    product: null,
    productStatus: "skipped",
    priceStatus: "skipped",
    finalStatus: "skipped_by_staff",
    priceChange: null,
    notes: [{ code: "skipped_by_staff", severity: "info" }],
    match: null,
    candidates: [],
  };
}

/**
 * Decides the rows of a file (or of a batch) in order: a row is matched by QuickBooks ID, then by
 * SKU among the products without one (oldest first), then (unless `nameMatch` is off) by name
 * among the products without one that no earlier row took: a confident name match links the row
 * to that product, a near one is named and the row creates a product, as does a row that matches
 * nothing. Staff's `choices` come first for a row they name: link it to a product, make it new,
 * or skip it. An earlier copy of a later row is left out; a row is refused when a value does not
 * fit its column, when it would give a SKU another product holds, when it would change an
 * archived product's item, or when the product staff chose cannot be linked (gone, archived,
 * taken by another row or another item). Only the fields an import owns change (active, quantity
 * on hand, SKU, QuickBooks ID, the price in the list); a missing price never removes one. The
 * decider keeps what earlier rows did, so call it once per row, in the file's order.
 */
export function createDecider(existing?: ExistingProducts, options: DecideOptions = {}) {
  const { nameMatch = true, choices = new Map<number, RowChoice>() } = options;
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
  const unlinked = (existing?.all ?? []).filter((p) => p.quickbooksId === null && !p.archived);
  const matchByName = createNameMatcher(unlinked);
  // Products staff chose for rows are theirs: no other row takes them by name, before or after.
  const chosen = new Set([...choices.values()].flatMap((c) => (c.kind === "link" ? [c.productId] : [])));
  /** Still free for a name match: no row of the file has taken it, and staff chose it for none. */
  const free = (product: ExistingProduct) => toState(product).quickbooksId === null && !chosen.has(product.id);

  /** Another product than `state` (null: a product to create) already holds `sku`. */
  const otherHolder = (sku: string, state: ProductState | null) => {
    for (const holder of skuHolders.get(sku) ?? []) if (holder !== state) return holder;
    return null;
  };

  /** The product staff chose for a row, or why it cannot be linked. */
  const chosenProduct = (productId: string): ProductState | RunMessage => {
    const product = existing?.byId.get(productId);
    if (!product) return { code: "link_missing", severity: "error" };
    if (product.archived) return { code: "link_archived", severity: "error", params: { product: product.name } };
    const state = toState(product);
    if (state.quickbooksId !== null) {
      return {
        code: "link_taken",
        severity: "error",
        params: { product: product.name, row: state.linkedBy ?? null, quickbooksId: state.quickbooksId },
      };
    }
    return state;
  };

  return function decide(row: PreparedRow): Decision {
    if (!row.importable) return leftOut(row, row.status === "error" ? "error" : "skipped");
    if (row.supersededBy !== null) return leftOut(row, "duplicate");
    const choice = choices.get(row.row);
    if (choice?.kind === "skip") return leftOutByStaff();
    const key = row.quickbooksId!;
    let state = byKey.get(key);
    let match: MatchKind | null = state ? "quickbooks-id" : null;
    if (!state && row.sku !== null) {
      // A product an earlier row linked (by name or by choice) has its item now: it is not matched again.
      state = bySku.get(row.sku)?.find((holder) => holder.quickbooksId === null);
      if (state) match = "sku";
    }
    // Link and new are choices among products without a QuickBooks ID: a row its key matched has its product.
    if (state && choice) {
      return refuse(state, "error_db_product", { code: "choice_not_applicable", severity: "error" });
    }
    let candidates: MatchCandidate[] = [];
    if (!state && choice?.kind === "link") {
      const chosen = chosenProduct(choice.productId);
      if ("code" in chosen) return refuse(null, "error_db_product", chosen);
      state = chosen;
      match = "name";
      candidates = [candidateOf({ ...chosen, id: choice.productId })];
    } else if (!state) {
      const found = nameMatch ? matchByName(namedRow(row), free) : null;
      candidates = (found?.candidates ?? []).map(candidateOf);
      if (found?.kind === "confident" && choice?.kind !== "new") {
        state = toState(found.product);
        match = "name";
      }
    }

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
        nameEs: row.nameEs ?? row.name ?? key,
        category: row.category,
        packValue: row.packValue,
        packUnit: row.packUnit,
        createdBy: row,
      };
      byKey.set(key, state);
      if (row.sku !== null) holdSku(row.sku, state);
      const notes: RunMessage[] = [{ code: "product_created", severity: "info" }];
      if (row.priceCents !== null)
        notes.push({ code: "price_set", severity: "info", params: { price: row.priceCents } });
      if (candidates.length > 0)
        notes.push({ code: "similar_products", severity: "warning", params: similar(candidates) });
      return {
        action: "created",
        product: state,
        productStatus: "success",
        priceStatus: row.priceCents !== null ? "success" : "skipped",
        finalStatus: written(row),
        // A new product joins the list, without a price when the file gave none (the engine's message says so).
        priceChange: { oldCents: "absent", newCents: row.priceCents },
        notes,
        match: "new",
        candidates,
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

    const linked = match !== "quickbooks-id";
    if (linked) {
      state.quickbooksId = key;
      state.linkedBy = row.row;
      byKey.set(key, state);
    }
    const details: RunMessage[] = [];
    if (match === "sku") details.push({ code: "matched_by_sku", severity: "info", params: { sku: row.sku } });
    if (match === "name") details.push({ code: "matched_by_name", severity: "info", params: { product: state.name } });
    let productChanged = linked;
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
        match,
        candidates,
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
      match,
      candidates,
    };
  };
}

/** What a row is compared by: the engine's reading of its item, which the preview has too (not a model's names). */
const namedRow = (row: PreparedRow) => ({
  name: row.matchName,
  nameEs: row.matchNameEs,
  category: row.matchCategory,
  packValue: row.packValue,
  packUnit: row.packUnit,
});

/** The products a near match names, as a note's params in each language: "Hass Avocados (48 ct), …". */
function similar(candidates: readonly MatchCandidate[]) {
  const say = (name: (c: MatchCandidate) => string) =>
    candidates
      .map((c) => (c.packValue !== null && c.packUnit ? `${name(c)} (${c.packValue} ${c.packUnit})` : name(c)))
      .join(", ");
  return { products: say((c) => c.name), productsEs: say((c) => c.nameEs || c.name) };
}
