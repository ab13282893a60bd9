import { lt } from "drizzle-orm";
import { pruneRateLimits } from "~/auth/rate-limit.server";
import { db } from "~/db/client.server";
import { session, verification } from "~/db/schema";
import { pruneOldConversations } from "~/features/assistant/conversations.server";
import { logger } from "~/lib/logger.server";

/**
 * Removes what can no longer be used, so tables do not grow without end. Expired sessions
 * (sign-outs and revocations delete their own rows), verification rows past their expiry (reset
 * links, phone codes), rate-limit counters of windows long closed, and assistant conversations and
 * proposals nobody touched for their retention period. Sent mail stays: admins read the outbox.
 * Every app instance may run this; the deletes are idempotent.
 */
export async function pruneExpiredRows(now = new Date()) {
  const sessions = await db().delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  const verifications = await db()
    .delete(verification)
    .where(lt(verification.expiresAt, now))
    .returning({ id: verification.id });
  const rateLimits = await pruneRateLimits(now.getTime());
  const { conversations, proposals } = await pruneOldConversations(now);
  const removed = {
    sessions: sessions.length,
    verifications: verifications.length,
    rateLimits,
    conversations,
    proposals,
  };
  if (Object.values(removed).some((n) => n > 0)) {
    logger.info(removed, "retention: removed expired rows");
  }
  return removed;
}
