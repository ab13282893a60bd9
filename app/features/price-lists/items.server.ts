import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alphabetical } from "~/db/order.server";
import { db, withTransaction, type Tx } from "~/db/client.server";
import { priceListItem, product } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { applyAdjustment, MAX_PRICE_CENTS, type AdjustmentType } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { compileSearch } from "~/lib/search";
import { searchMatches, searchRank } from "~/lib/search.server";
import { businessDayOf, categoryRank } from "~/features/catalog/sql.server";
import { isVisibleToBuyers, visibilityColumns } from "~/features/catalog/visibility.server";
import type { BuyerItem } from "./buyer-items";
import { findListPage } from "./list-page.server";
import type { ListQuery } from "./list-query";
import type { PriceListErrorCode } from "./errors";
import { bulkChangeSchema, type BulkChange } from "./schema";
import {
  applyPriceChanges,
  assertRevision,
  currentItems,
  lockList,
  takeVersion,
  type Actor,
  type LockedList,
  type PriceChange,
} from "./internal.server";

export type PriceItemView = {
  productId: string;
  slug: string;
  name: string;
  category: string | null;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  imageKey: string | null;
  active: boolean;
  /** Whether the list's customers see it (docs/decisions/026-imported-products-review.md). */
  visible: boolean;
  priceCents: number | null;
  /** app/lib/search.ts's key of both names, for the page's own search. */
  searchKey: string;
  available: boolean;
  /** The business's date (YYYY-MM-DD) the price was last set. */
  pricedDay: string;
};

/** The list's items with their products, in the reader's language. */
function selectPriceItems(lang: Lang, where: SQL) {
  const name = lang === "es" ? product.nameEs : product.nameEn;
  return db()
    .select({
      productId: product.id,
      slug: product.slug,
      name,
      category: product.category,
      unit: product.unit,
      packValue: product.packValue,
      packUnit: product.packUnit,
      imageKey: product.imageKey,
      ...visibilityColumns,
      priceCents: priceListItem.priceCents,
      searchKey: product.searchKey,
      availability: product.availability,
      pricedDay: businessDayOf(priceListItem.updatedAt),
    })
    .from(priceListItem)
    .innerJoin(product, eq(product.id, priceListItem.productId))
    .where(where)
    .$dynamic();
}

type PriceItemRow = Awaited<ReturnType<ReturnType<typeof selectPriceItems>["execute"]>>[number];

// One object literal a row: objects made by rest and spread were slow to read for everything
// after (packing a 2,000-row list for its page took almost three times as long).
function toPriceItemView(r: PriceItemRow): PriceItemView {
  return {
    productId: r.productId,
    slug: r.slug,
    name: r.name,
    category: r.category,
    unit: r.unit,
    packValue: r.packValue === null ? null : Number(r.packValue),
    packUnit: r.packUnit,
    imageKey: r.imageKey,
    active: r.active,
    visible: isVisibleToBuyers(r),
    priceCents: r.priceCents,
    searchKey: r.searchKey,
    available: r.availability === "in_stock",
    pricedDay: r.pricedDay,
  };
}

/** Every item of the list with its product, in the reader's language, by category and name. */
export async function findPriceItems(listId: string, lang: Lang): Promise<PriceItemView[]> {
  const name = lang === "es" ? product.nameEs : product.nameEn;
  const rows = await selectPriceItems(lang, eq(priceListItem.priceListId, listId)).orderBy(
    asc(categoryRank(lang)),
    alphabetical(name, lang),
    asc(product.id),
  );
  // Archived products are left out here rather than in the query: on a freshly loaded catalogue
  // PostgreSQL's statistics lag, and with that condition it chose a nested loop 40 times slower.
  return rows.filter((r) => r.archivedAt === null).map(toPriceItemView);
}

/**
 * One page of a long list's items, searched, filtered and ordered by the database: every item
 * but archived ones for staff, what the list's customers may see for a customer.
 */
export async function findPricePage(listId: string, lang: Lang, query: ListQuery, { staff }: { staff: boolean }) {
  return findListPage(
    { listId, lang, query, buyersOnly: !staff, staffSearch: staff },
    async (where, order, limit, offset) =>
      (
        await selectPriceItems(lang, where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toPriceItemView),
  );
}

/**
 * The items buyers are given: the products the list's customers may see
 * (docs/decisions/026-imported-products-review.md), with both names. With `only`, just those
 * products (a person's selection); with `hiddenToo`, also the hidden ones a member of staff may
 * read (the assistant's listings).
 */
export async function findBuyerItems(
  listId: string,
  only?: readonly string[],
  { hiddenToo = false }: { hiddenToo?: boolean } = {},
): Promise<BuyerItem[]> {
  if (only && only.length === 0) return [];
  const rows = await db()
    .select({
      productId: product.id,
      slug: product.slug,
      nameEn: product.nameEn,
      nameEs: product.nameEs,
      category: product.category,
      unit: product.unit,
      packValue: product.packValue,
      packUnit: product.packUnit,
      priceCents: priceListItem.priceCents,
      availability: product.availability,
      imageKey: product.imageKey,
      ...visibilityColumns,
    })
    .from(priceListItem)
    .innerJoin(product, eq(product.id, priceListItem.productId))
    .where(
      only
        ? and(eq(priceListItem.priceListId, listId), inArray(priceListItem.productId, [...only]))
        : eq(priceListItem.priceListId, listId),
    );
  // Filtered here rather than in SQL for the reason findPriceItems gives: with statistics lagging,
  // the extra conditions made PostgreSQL pick a far slower plan.
  return rows
    .filter((r) => (hiddenToo ? r.active && r.archivedAt === null : isVisibleToBuyers(r)))
    .map((r) => ({
      productId: r.productId,
      slug: r.slug,
      nameEn: r.nameEn,
      nameEs: r.nameEs,
      category: r.category,
      unit: r.unit,
      packValue: r.packValue === null ? null : Number(r.packValue),
      packUnit: r.packUnit,
      priceCents: r.priceCents,
      available: r.availability !== "out_of_stock",
      imageKey: r.imageKey,
    }));
}

export type PriceEdit = { productId: string; priceCents: number | null };

type PriceEditOptions = {
  expectedRevision?: number;
  /**
   * The prices the writer last saw: when one of them moved since, nothing is written and
   * `errors.pricesMoved` says so (a change proposed against older prices must be proposed again).
   */
  expectedPrices?: ReadonlyMap<string, number | null>;
  source?: "screen" | "assistant";
  /**
   * The bulk change these edits were made as, when they were: the prices' history says "bulk", and
   * the save's one activity entry describes it (docs/decisions/029-grouped-activity.md).
   */
  bulk?: BulkChange;
};

/**
 * Saves prices typed on the screen. With `expectedRevision` (the revision the editor loaded) a
 * list someone saved in between is refused with their changes (docs/decisions/010-price-lists.md);
 * without it, the person chose to overwrite. Items the list no longer has are refused. The save is
 * one activity entry, however many prices it changes.
 */
export async function savePriceEdits(actor: Actor, listId: string, edits: PriceEdit[], options: PriceEditOptions = {}) {
  return withTransaction((tx) => writePriceEdits(tx, actor, listId, edits, options));
}

/** The same save inside the caller's transaction, for a writer that records something of its own with it. */
export async function writePriceEdits(
  tx: Tx,
  actor: Actor,
  listId: string,
  edits: PriceEdit[],
  { expectedRevision, expectedPrices, source = "screen", bulk }: PriceEditOptions = {},
) {
  // The description is written to the log as it is: one the editor could not have made is refused.
  if (bulk && !bulkChangeSchema.safeParse(bulk).success)
    throw new Refusal<PriceListErrorCode>("errors.adjustmentInvalid", 400);
  const list = await lockList(tx, listId);
  await assertRevision(tx, list, expectedRevision);
  const items = await currentItems(
    tx,
    list.id,
    edits.map((e) => e.productId),
  );
  const changes: PriceChange[] = [];
  for (const edit of edits) {
    if (!items.has(edit.productId)) throw new Refusal<PriceListErrorCode>("errors.productNotFound", 400);
    // Every writer gets the editor's bounds, whatever it checked itself.
    const cents = edit.priceCents;
    if (cents !== null && (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_PRICE_CENTS)) {
      throw new Refusal<PriceListErrorCode>("errors.invalidPrice", 400);
    }
    const oldCents = items.get(edit.productId) ?? null;
    if (expectedPrices && expectedPrices.get(edit.productId) !== oldCents) {
      throw new Refusal<PriceListErrorCode>("errors.pricesMoved", 409);
    }
    changes.push({ productId: edit.productId, oldCents, newCents: edit.priceCents });
  }
  return applyPriceChanges(tx, list, changes, { actor, source: bulk ? "bulk" : source, bulk });
}

/**
 * Adds catalogue products to the list, priced like the rest of it: the parent's price with the
 * list's adjustment when the parent has the product, else the product's base price with it.
 */
export async function addProductsToList(actor: Actor, listId: string, productIds: string[]) {
  return withTransaction(async (tx) => {
    const list = await lockList(tx, listId);
    const ids = [...new Set(productIds)];
    const products = ids.length
      ? await tx
          .select({ id: product.id, basePriceCents: product.basePriceCents })
          .from(product)
          .where(and(inArray(product.id, ids), isNull(product.archivedAt)))
      : [];
    if (products.length !== ids.length) throw new Refusal<PriceListErrorCode>("errors.productNotFound", 400);
    const items = await currentItems(tx, list.id);
    const parentItems = list.parentId ? await currentItems(tx, list.parentId) : new Map<string, number | null>();
    const type = list.adjustmentType as AdjustmentType | null;
    const changes: PriceChange[] = products
      .filter((p) => !items.has(p.id))
      .map((p) => {
        const basis = parentItems.get(p.id) ?? p.basePriceCents;
        return {
          productId: p.id,
          oldCents: "absent",
          newCents: basis === null ? null : applyAdjustment(basis, type, list.adjustmentValue),
        };
      });
    return applyPriceChanges(tx, list, changes, { actor, source: "add" });
  });
}

export async function removeProductsFromList(actor: Actor, listId: string, productIds: string[]) {
  return withTransaction(async (tx) => {
    const list = await lockList(tx, listId);
    const items = await currentItems(tx, list.id);
    const changes: PriceChange[] = [...new Set(productIds)]
      .filter((id) => items.has(id))
      .map((id) => ({ productId: id, oldCents: items.get(id) ?? null, newCents: "absent" }));
    return applyPriceChanges(tx, list, changes, { actor, source: "remove" });
  });
}

export type ReapplyPreviewRow = { productId: string; oldCents: number | null; newCents: number | null };

async function reapplyChanges(tx: Parameters<Parameters<typeof withTransaction>[0]>[0], list: LockedList) {
  if (!list.parentId) throw new Refusal<PriceListErrorCode>("errors.noParent", 400);
  const items = await currentItems(tx, list.id);
  const parentItems = await currentItems(tx, list.parentId);
  const type = list.adjustmentType as AdjustmentType | null;
  const changes: ReapplyPreviewRow[] = [];
  for (const [productId, oldCents] of items) {
    if (!parentItems.has(productId)) continue;
    const parentCents = parentItems.get(productId) ?? null;
    const newCents = parentCents === null ? null : applyAdjustment(parentCents, type, list.adjustmentValue);
    if (newCents !== oldCents) changes.push({ productId, oldCents, newCents });
  }
  return changes;
}

/**
 * What re-applying the parent's prices with the list's adjustment would change: how many prices,
 * and the first `shown` of them with their product's name in the reader's language (a list of
 * 60,000 items may change them all, more than a page can show).
 */
export async function previewReapply(listId: string, lang: Lang, shown = REAPPLY_ROWS_SHOWN) {
  return withTransaction(async (tx) => {
    const list = await lockList(tx, listId);
    const changes = await reapplyChanges(tx, list);
    const first = changes.slice(0, shown);
    const ids = first.map((c) => c.productId);
    const names = ids.length
      ? await tx
          .select({ id: product.id, name: lang === "es" ? product.nameEs : product.nameEn })
          .from(product)
          .where(sql`${product.id} = any(${sql.param(ids)}::uuid[])`)
      : [];
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    return {
      revision: list.revision,
      count: changes.length,
      changes: first.map((c) => ({ ...c, name: nameOf.get(c.productId) ?? "—" })),
    };
  });
}

/** Changes a re-apply's preview lists at most. */
export const REAPPLY_ROWS_SHOWN = 500;

/** Re-applies the parent's prices after an automatic version of the list as it was. */
export async function reapplyFromParent(
  actor: Actor,
  listId: string,
  { expectedRevision }: { expectedRevision?: number } = {},
) {
  return withTransaction(async (tx) => {
    const list = await lockList(tx, listId);
    await assertRevision(tx, list, expectedRevision);
    const changes = await reapplyChanges(tx, list);
    if (changes.length === 0) return { revision: list.revision, changed: 0 };
    await takeVersion(tx, list, { actor, reason: "reapply", automatic: true });
    return applyPriceChanges(tx, list, changes, { actor, source: "reapply" });
  });
}

/** Catalogue products the list lacks whose name matches, for the "add products" search. */
export async function findMissingProducts(listId: string, query: string, lang: Lang, limit = 20) {
  const name = lang === "es" ? product.nameEs : product.nameEn;
  const search = compileSearch(query);
  if (!search) return [];
  return db()
    .select({ productId: product.id, name, basePriceCents: product.basePriceCents })
    .from(product)
    .where(
      and(
        isNull(product.archivedAt),
        searchMatches(product.searchKey, search),
        sql`not exists (select 1 from ${priceListItem} i where i.price_list_id = ${listId} and i.product_id = ${product.id})`,
      ),
    )
    .orderBy(asc(searchRank(search, product.searchKey)), alphabetical(name, lang), asc(product.id))
    .limit(limit);
}
