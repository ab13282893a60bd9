import { and, asc, count, desc, eq, gt, gte, isNotNull, ne, sql } from "drizzle-orm";
import { alphabetical } from "~/db/order.server";
import { db } from "~/db/client.server";
import { priceHistory, priceList, priceListItem, product, user } from "~/db/schema";
import { visibleWithJoinedPrice } from "~/features/catalog/visibility.server";
import type { Lang } from "~/i18n/config";
import { HISTORY_LIMIT } from "./history";
import { listName } from "./names";

export { HISTORY_LIMIT };

export type PriceHistoryRow = {
  id: number;
  listName: string | null;
  listSlug: string | null;
  oldCents: number | null;
  newCents: number | null;
  changeCents: number | null;
  source: string;
  authorName: string | null;
  createdAt: string;
};

/**
 * A product's price changes, newest first, in one list or in every list, since a time; at most
 * `limit` of them, each with its list's name in the reader's language.
 */
export async function findPriceHistory(
  productId: string,
  lang: Lang,
  { listId, since, limit = HISTORY_LIMIT }: { listId?: string; since?: Date; limit?: number } = {},
) {
  const rows = await db()
    .select({
      id: priceHistory.id,
      listName: priceList.name,
      listNameEs: priceList.nameEs,
      listSlug: priceList.slug,
      oldCents: priceHistory.oldPriceCents,
      newCents: priceHistory.newPriceCents,
      source: priceHistory.source,
      authorName: user.name,
      createdAt: priceHistory.createdAt,
    })
    .from(priceHistory)
    .leftJoin(priceList, eq(priceList.id, priceHistory.priceListId))
    .leftJoin(user, eq(user.id, priceHistory.authorId))
    .where(
      and(
        eq(priceHistory.productId, productId),
        listId ? eq(priceHistory.priceListId, listId) : undefined,
        since ? gte(priceHistory.createdAt, since) : undefined,
      ),
    )
    .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
    .limit(limit);
  return rows.map(({ listNameEs, ...r }): PriceHistoryRow => ({
    ...r,
    listName: r.listName === null ? null : listName({ name: r.listName, nameEs: listNameEs }, lang),
    changeCents: r.oldCents !== null && r.newCents !== null ? r.newCents - r.oldCents : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** How many price changes a product has had in one list. */
export async function countPriceHistory(productId: string, listId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(priceHistory)
    .where(and(eq(priceHistory.productId, productId), eq(priceHistory.priceListId, listId)));
  return row?.n ?? 0;
}

/**
 * The product a history is asked for, archived ones included (their history stays), named in
 * the reader's language; null when there is no such product.
 */
export async function findHistoryProduct(productId: string, lang: Lang) {
  const [row] = await db()
    .select({ id: product.id, slug: product.slug, nameEn: product.nameEn, nameEs: product.nameEs })
    .from(product)
    .where(eq(product.id, productId))
    .limit(1);
  return row ? { id: row.id, slug: row.slug, name: lang === "es" ? row.nameEs : row.nameEn } : null;
}

/** A product whose price in a list changed since some moment, named in the reader's language. */
export type PriceChangeSince = {
  productId: string;
  slug: string;
  name: string;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  /** Its first price since that moment (findPriceChangesSince says which). */
  oldCents: number;
  /** The price now. */
  newCents: number;
  /** The latest change of it. */
  changedAt: string;
};

/**
 * The products of a list, as its customers see them, whose price now differs from their first price
 * since `since`: the one the first change after `since` replaced, or, for a product added to the
 * list since, the price it was added with. The new price is the list's price today, so a price
 * changed and changed back is no change, and one changed three times is one row; a product added
 * and not repriced, or left without a price, is not a change of price. Newest change first, at most
 * `limit` of them, with how many there are in all.
 */
export async function findPriceChangesSince(listId: string, since: Date, lang: Lang, limit: number) {
  const changed = db()
    .select({
      productId: priceHistory.productId,
      oldCents: sql<number | null>`coalesce(
        (array_agg(${priceHistory.oldPriceCents} order by ${priceHistory.id}))[1],
        (array_agg(${priceHistory.newPriceCents} order by ${priceHistory.id}))[1]
      )`.as("old_cents"),
      changedAt: sql<Date>`max(${priceHistory.createdAt})`.mapWith(priceHistory.createdAt).as("changed_at"),
    })
    .from(priceHistory)
    .where(and(eq(priceHistory.priceListId, listId), gt(priceHistory.createdAt, since)))
    .groupBy(priceHistory.productId)
    .as("changed");
  const name = lang === "es" ? product.nameEs : product.nameEn;
  const rows = await db()
    .select({
      productId: product.id,
      slug: product.slug,
      name,
      unit: product.unit,
      packValue: product.packValue,
      packUnit: product.packUnit,
      oldCents: changed.oldCents,
      newCents: priceListItem.priceCents,
      changedAt: changed.changedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(changed)
    .innerJoin(
      priceListItem,
      and(eq(priceListItem.priceListId, listId), eq(priceListItem.productId, changed.productId)),
    )
    .innerJoin(product, eq(product.id, changed.productId))
    .where(
      and(
        isNotNull(changed.oldCents),
        isNotNull(priceListItem.priceCents),
        ne(changed.oldCents, priceListItem.priceCents),
        visibleWithJoinedPrice(),
      ),
    )
    .orderBy(desc(changed.changedAt), alphabetical(name, lang), asc(product.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((r): PriceChangeSince => ({
      productId: r.productId,
      slug: r.slug,
      name: r.name,
      unit: r.unit,
      packValue: r.packValue === null ? null : Number(r.packValue),
      packUnit: r.packUnit,
      oldCents: r.oldCents!,
      newCents: r.newCents!,
      changedAt: r.changedAt.toISOString(),
    })),
  };
}
