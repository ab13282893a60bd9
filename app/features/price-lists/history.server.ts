import { and, count, desc, eq, gte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { priceHistory, priceList, product, user } from "~/db/schema";
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
