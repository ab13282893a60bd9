import { lt } from "drizzle-orm";
import { pruneRateLimits } from "~/auth/rate-limit.server";
import { db } from "~/db/client.server";
import { session, verification } from "~/db/schema";
import { pruneOldConversations } from "~/features/assistant/conversations.server";
import { logger } from "~/lib/logger.server";

/**
 * DESIGN section 7, retention: removes what can no longer be used. Expired sessions (sign-outs and
 * revocations delete their own rows), verification rows past their expiry (reset links, phone
 * codes), rate-limit counters of windows long closed, and assistant conversations nobody wrote in
 * for their retention period (ADR 022). Sent mail stays: admins read the outbox.
 * Every app instance may run this; the deletes are idempotent.
 */
export async function pruneExpiredRows(now = new Date()) {
  const sessions = await db().delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  const verifications = await db()
    .delete(verification)
    .where(lt(verification.expiresAt, now))
    .returning({ id: verification.id });
  const rateLimits = await pruneRateLimits(now.getTime());
  const conversations = await pruneOldConversations(now);
  const removed = { sessions: sessions.length, verifications: verifications.length, rateLimits, conversations };
  if (removed.sessions + removed.verifications + removed.rateLimits + removed.conversations > 0) {
    logger.info(removed, "retention: removed expired rows");
  }
  return removed;
}
