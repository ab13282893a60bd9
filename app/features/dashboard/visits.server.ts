import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { priceVisit } from "~/db/schema";

/**
 * Views of the dashboard closer together than this are one visit: a reload, a language switch or
 * a look at the whole list and back must not wipe out the changes the customer is reading.
 */
export const VISIT_GAP_MS = 30 * 60_000;

/** A customer's first visit shows the changes of these last days rather than nothing. */
export const FIRST_VISIT_DAYS = 7;

/**
 * Records that the customer is looking at their prices now and answers where the changes shown
 * to them start: the end of their visit before this one, or, on their first visit, `FIRST_VISIT_DAYS`
 * ago. One statement, so two tabs opened at once agree
 * (docs/decisions/010-price-lists.md#changes-since-a-customers-last-visit).
 */
export async function recordPriceVisit(userId: string, now: Date) {
  const newVisitBefore = sql`${new Date(now.getTime() - VISIT_GAP_MS).toISOString()}::timestamptz`;
  const [row] = await db()
    .insert(priceVisit)
    .values({ userId, seenAt: now })
    .onConflictDoUpdate({
      target: priceVisit.userId,
      set: {
        changesSince: sql`case when ${priceVisit.seenAt} < ${newVisitBefore} then ${priceVisit.seenAt} else ${priceVisit.changesSince} end`,
        seenAt: sql`greatest(${priceVisit.seenAt}, ${now.toISOString()}::timestamptz)`,
      },
    })
    .returning({ changesSince: priceVisit.changesSince });
  const lastVisit = row?.changesSince ?? null;
  return {
    firstVisit: lastVisit === null,
    since: lastVisit ?? new Date(now.getTime() - FIRST_VISIT_DAYS * 86_400_000),
  };
}
