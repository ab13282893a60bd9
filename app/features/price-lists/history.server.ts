import { and, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { priceHistory, priceList, user } from "~/db/schema";

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

export const HISTORY_LIMIT = 500;

/** A product's price changes, newest first, in one list or in every list. */
export async function findPriceHistory(productId: string, { listId }: { listId?: string } = {}) {
  const rows = await db()
    .select({
      id: priceHistory.id,
      listName: priceList.name,
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
    .where(and(eq(priceHistory.productId, productId), listId ? eq(priceHistory.priceListId, listId) : undefined))
    .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
    .limit(HISTORY_LIMIT);
  return rows.map((r): PriceHistoryRow => ({
    ...r,
    changeCents: r.oldCents !== null && r.newCents !== null ? r.newCents - r.oldCents : null,
    createdAt: r.createdAt.toISOString(),
  }));
}
