import { and, eq, gt } from "drizzle-orm";
import { auth } from "~/auth/auth.server";
import { db, withTransaction } from "~/db/client.server";
import { user, verification } from "~/db/schema";
import { recordActivity } from "~/features/activity/record.server";
import { logger } from "~/lib/logger.server";
import { authErrorCode, backendErrorMessage } from "./auth-errors.server";
import type { FormMessage } from "./schema";

/**
 * The shortest time a reset request takes to answer. Writing a link for a known address takes a
 * few milliseconds more than looking up an unknown one; answering no sooner than this hides that
 * difference, which would otherwise tell who has an account.
 */
export const RESET_ANSWER_MS = 300;

/**
 * Asks better-auth for a reset link; auth.server.ts writes it to the outbox in the requester's
 * language. Whatever happens, the caller answers the same neutral message after the same time, so
 * nobody can learn which addresses have accounts.
 */
export async function requestPasswordReset(email: string, request: Request) {
  const floor = new Promise((resolve) => setTimeout(resolve, RESET_ANSWER_MS));
  try {
    await auth().api.requestPasswordReset({ body: { email }, headers: request.headers });
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
  }
  await floor;
}

const identifierFor = (token: string) => `reset-password:${token}`;

/** Whom a reset token belongs to while it is still usable; null once used, expired or unknown. */
export async function findResetTokenOwner(token: string) {
  const [row] = await db()
    .select({ id: user.id, name: user.name, email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, identifierFor(token)), gt(verification.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

export type ResetResult = { ok: true } | { ok: false; invalidToken?: true; error?: FormMessage };

/**
 * Sets the new password of the token's owner (found with findResetTokenOwner); better-auth consumes
 * the token, so it works once, and ends the user's sessions.
 */
export async function resetPasswordWithToken(userId: string, token: string, newPassword: string): Promise<ResetResult> {
  try {
    await auth().api.resetPassword({ body: { newPassword, token } });
  } catch (error) {
    if (authErrorCode(error) === "INVALID_TOKEN") return { ok: false, invalidToken: true };
    return { ok: false, error: backendErrorMessage(error, "reset-password") };
  }
  await withTransaction(async (tx) => {
    await tx.update(user).set({ updatedAt: new Date() }).where(eq(user.id, userId));
    await recordActivity(tx, {
      actorId: userId,
      entityType: "user",
      entityId: userId,
      action: "updated",
      summary: "password reset",
      changes: { password: "reset by link" },
    });
  });
  return { ok: true };
}
