import { and, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { priceListItem, product } from "~/db/schema";

/**
 * What customers and visitors may see of a product (docs/decisions/026-imported-products-review.md):
 * active, not archived, not hidden by staff, and, when an import created it, priced in the list
 * the reader sees (the public list for visitors, their own for a customer). Staff see everything.
 */

/** The rule in SQL, for a query that reads products without joining the reader's list. */
export function visibleToBuyers(listId: string | null): SQL {
  const priced = listId
    ? sql`exists (select 1 from ${priceListItem} where ${priceListItem.productId} = ${product.id}
        and ${priceListItem.priceListId} = ${listId} and ${priceListItem.priceCents} is not null)`
    : sql`false`;
  return and(
    eq(product.active, true),
    isNull(product.archivedAt),
    eq(product.hidden, false),
    or(isNull(product.importRunId), priced),
  )!;
}

/** The rule in SQL, for a query already joined to the reader's list item (left join or inner). */
export function visibleWithJoinedPrice(): SQL {
  return and(
    eq(product.active, true),
    isNull(product.archivedAt),
    eq(product.hidden, false),
    or(isNull(product.importRunId), isNotNull(priceListItem.priceCents)),
  )!;
}

/** The columns the rule reads, for callers that filter rows in code. */
export const visibilityColumns = {
  active: product.active,
  archivedAt: product.archivedAt,
  hidden: product.hidden,
  importRunId: product.importRunId,
};

/** The rule for a row read with `visibilityColumns` and its price in the reader's list. */
export function isVisibleToBuyers(row: {
  active: boolean;
  archivedAt: Date | null;
  hidden: boolean;
  importRunId: string | null;
  priceCents: number | null;
}) {
  return row.active && row.archivedAt === null && !row.hidden && (row.importRunId === null || row.priceCents !== null);
}
