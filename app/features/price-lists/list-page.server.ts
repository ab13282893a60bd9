import { and, asc, count, eq, gte, isNull, sql, type SQL } from "drizzle-orm";
import { alphabetical } from "~/db/order.server";
import { db } from "~/db/client.server";
import { priceListItem, product } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { groupOf, orderedGroups } from "~/features/catalog/categories";
import { categoryFilterOf } from "~/features/catalog/price-filters";
import {
  availabilityCondition,
  categoryCondition,
  categoryRank,
  nameColumn,
  productSearch,
  startOfBusinessDay,
} from "~/features/catalog/sql.server";
import { visibleWithJoinedPrice } from "~/features/catalog/visibility.server";
import { translatorFor } from "~/lib/meta";
import { LIST_PAGE_SIZE, type ListPage, type ListQuery } from "./list-query";

/**
 * A long list a page at a time (docs/decisions/030-price-desk.md): the filters the page would apply
 * to the whole list (the one search, category, availability, changed today) as SQL, the order
 * as SQL, and one page of rows. Shared by the price editor and /pricesprivate.
 */

type Scope = {
  listId: string;
  lang: Lang;
  query: ListQuery;
  /** Only what the list's customers see (docs/decisions/026-imported-products-review.md); else all but archived. */
  buyersOnly: boolean;
  /** Staff also find a product by SKU or QuickBooks ID, as typed. */
  staffSearch: boolean;
};

/** The items of the list a reader may see, whatever the filters. */
function scopeCondition({ listId, buyersOnly }: Scope) {
  return and(
    eq(priceListItem.priceListId, listId),
    buyersOnly ? visibleWithJoinedPrice() : isNull(product.archivedAt),
  )!;
}

/** The filters, and the search's order of tiers when there is a search. */
function filterOf({ query, staffSearch }: Scope) {
  const found = productSearch(query.query, { staffFields: staffSearch });
  const conditions: SQL[] = [];
  if (found) conditions.push(found.where);
  const category = categoryCondition(categoryFilterOf(query.category));
  if (category) conditions.push(category);
  const availability = availabilityCondition(query.availability);
  if (availability) conditions.push(availability);
  if (query.changedToday) conditions.push(gte(priceListItem.updatedAt, startOfBusinessDay()));
  return { where: conditions.length > 0 ? and(...conditions)! : null, searchOrder: found?.order ?? null };
}

/**
 * The page's order: the search's best tier first, then the chosen order (by category, as the
 * whole list is shown, unless another is chosen), the name, and the id so pages never overlap.
 */
function orderOf(scope: Scope, searchOrder: SQL | null): SQL[] {
  const name = alphabetical(nameColumn(scope.lang), scope.lang);
  const chosen = (() => {
    switch (scope.query.sort) {
      case "category":
        return [asc(categoryRank(scope.lang)), name];
      case "alphabetical":
        return [name];
      case "price-asc":
        return [sql`${priceListItem.priceCents} asc nulls last`, name];
      case "price-desc":
        return [sql`${priceListItem.priceCents} desc nulls last`, name];
    }
  })();
  return [...(searchOrder ? [searchOrder] : []), ...chosen, asc(product.id)];
}

/**
 * One pass over the list's items for the counts around a page: how many there are, how many the
 * filters leave, and which categories the list holds (in the reader's order).
 */
async function countsOf(scope: Scope, where: SQL | null) {
  const rows = await db()
    .select({
      category: product.category,
      n: count(),
      matching: where ? sql<number>`count(*) filter (where ${where})` : count(),
    })
    .from(priceListItem)
    .innerJoin(product, eq(product.id, priceListItem.productId))
    .where(scopeCondition(scope))
    .groupBy(product.category);
  const present = new Set(rows.map((r) => groupOf(r.category)));
  const t = translatorFor(scope.lang);
  return {
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
    matching: rows.reduce((sum, r) => sum + Number(r.matching), 0),
    groups: orderedGroups((g) => t(`categories.${g}`, { ns: "catalog" }), scope.lang).filter((g) => present.has(g)),
  };
}

/**
 * One page of the list: `select` reads the rows the caller needs (its own columns and joins) with
 * the scope, filters, order and page applied; the counts come alongside.
 */
export async function findListPage<Row>(
  scope: Scope,
  select: (where: SQL, order: SQL[], limit: number, offset: number) => Promise<Row[]>,
): Promise<ListPage<Row>> {
  const { where, searchOrder } = filterOf(scope);
  const counts = await countsOf(scope, where);
  const pageCount = Math.max(1, Math.ceil(counts.matching / LIST_PAGE_SIZE));
  const page = Math.min(scope.query.page, pageCount);
  const rows =
    counts.matching === 0
      ? []
      : await select(
          and(scopeCondition(scope), where ?? undefined)!,
          orderOf(scope, searchOrder),
          LIST_PAGE_SIZE,
          (page - 1) * LIST_PAGE_SIZE,
        );
  return { rows, paging: { ...counts, page, pageCount, query: { ...scope.query, page } } };
}
