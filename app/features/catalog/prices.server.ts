import { and, asc, count, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import { alphabetical } from "~/db/order.server";
import { db } from "~/db/client.server";
import { priceList, priceListItem, product } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { listDescription, listName } from "~/features/price-lists/names";
import { isCategory } from "./categories";
import { categoryFilterOf, type PriceFilterValues } from "./price-filters";
import {
  availabilityCondition,
  categoryCondition,
  categoryRank,
  numberOrNull,
  productSearch,
  startOfBusinessDay,
} from "./sql.server";
import type { PublicPrices } from "./types";
import { visibleWithJoinedPrice } from "./visibility.server";

/** Enough for any real wholesale list on one page; beyond it the visitor narrows with search. */
export const PRICE_ROWS_LIMIT = 1000;

/**
 * The list flagged public, its prices for the products visitors may see grouped by category (in the
 * reader's order) and by name, and when anything in it last changed.
 */
export async function findPublicPrices(
  { filters, lang }: { filters: PriceFilterValues; lang: Lang },
  { limit = PRICE_ROWS_LIMIT } = {},
): Promise<PublicPrices> {
  const [list] = await db()
    .select({
      id: priceList.id,
      name: priceList.name,
      nameEs: priceList.nameEs,
      description: priceList.description,
      descriptionEs: priceList.descriptionEs,
      updatedAt: priceList.updatedAt,
    })
    .from(priceList)
    .where(and(eq(priceList.isPublic, true), isNull(priceList.deletedAt)))
    .limit(1);
  if (!list) return { kind: "none" };

  const [changed] = await db()
    .select({ latest: sql<Date | string | null>`max(${priceListItem.updatedAt})` })
    .from(priceListItem)
    .where(eq(priceListItem.priceListId, list.id));
  const latestItem = changed?.latest ? new Date(changed.latest) : null;
  const updatedAt = latestItem && latestItem > list.updatedAt ? latestItem : list.updatedAt;

  const name = lang === "es" ? product.nameEs : product.nameEn;
  const conditions = [
    eq(priceListItem.priceListId, list.id),
    isNotNull(priceListItem.priceCents),
    visibleWithJoinedPrice(),
  ];
  const found = productSearch(filters.query);
  if (found) conditions.push(found.where);
  const category = categoryCondition(categoryFilterOf(filters.category));
  if (category) conditions.push(category);
  const availability = availabilityCondition(filters.availability);
  if (availability) conditions.push(availability);
  if (filters.changedToday) conditions.push(gte(priceListItem.updatedAt, startOfBusinessDay()));
  const where = and(...conditions);
  const [{ total }] = await db()
    .select({ total: count() })
    .from(priceListItem)
    .innerJoin(product, eq(product.id, priceListItem.productId))
    .where(where);
  const rows = await db()
    .select({
      slug: product.slug,
      name,
      category: product.category,
      unit: product.unit,
      packValue: product.packValue,
      packUnit: product.packUnit,
      priceCents: priceListItem.priceCents,
      availability: product.availability,
    })
    .from(priceListItem)
    .innerJoin(product, eq(product.id, priceListItem.productId))
    .where(where)
    .orderBy(...(found ? [found.order] : []), asc(categoryRank(lang)), alphabetical(name, lang), asc(product.id))
    .limit(limit);

  return {
    kind: "list",
    name: listName(list, lang),
    description: listDescription(list, lang),
    updatedAt: updatedAt.toISOString(),
    total,
    rows: rows.map((row) => ({
      slug: row.slug,
      name: row.name,
      category: isCategory(row.category) ? row.category : null,
      unit: row.unit,
      packValue: numberOrNull(row.packValue),
      packUnit: row.packUnit,
      priceCents: row.priceCents ?? 0,
      available: row.availability === "in_stock",
    })),
  };
}
