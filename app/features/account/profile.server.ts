import { and, eq, ne } from "drizzle-orm";
import { auth } from "~/auth/auth.server";
import type { SessionUser } from "~/context";
import { db, withTransaction } from "~/db/client.server";
import { user } from "~/db/schema";
import { recordActivity } from "~/features/activity/record.server";
import { authErrorCode, backendErrorMessage } from "./auth-errors.server";
import { sessionCookies } from "./cookies.server";
import { hasMailbox } from "~/lib/contact";
import { formatPhone } from "./phone";
import type { FieldErrors, FormMessage } from "./schema";

// better-auth does its own writes on its own connection, so it cannot share our transaction: each
// change below is made by better-auth first and then recorded (with the user's updated time) in a
// transaction of its own. A failure between the two leaves the change made and not logged, never
// logged and not made.

export async function findProfile(userId: string) {
  const [row] = await db()
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      phoneNumber: user.phoneNumber,
      phoneNumberVerified: user.phoneNumberVerified,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      lastSignInAt: user.lastSignInAt,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}

/** A phone number as the page shows it, and as its forms send it back. */
export type PhoneView = { e164: string; display: string };

export const phoneView = (e164: string): PhoneView => ({ e164, display: formatPhone(e164) });

/** What the profile page shows: the account and its verified phone. */
export async function loadProfilePage(sessionUser: SessionUser) {
  const profile = await findProfile(sessionUser.id);
  if (!profile) return null;
  return {
    name: profile.name,
    email: hasMailbox(profile.email) ? profile.email : null,
    role: sessionUser.role,
    created: profile.createdAt.toISOString(),
    lastSignIn: profile.lastSignInAt?.toISOString() ?? null,
    updated: profile.updatedAt.toISOString(),
    phone: profile.phoneNumber && profile.phoneNumberVerified ? phoneView(profile.phoneNumber) : null,
  };
}

export type ProfilePage = NonNullable<Awaited<ReturnType<typeof loadProfilePage>>>;

async function recordUserChange(userId: string, summary: string, changes: Record<string, unknown>) {
  await withTransaction(async (tx) => {
    await tx.update(user).set({ updatedAt: new Date() }).where(eq(user.id, userId));
    await recordActivity(tx, {
      actorId: userId,
      entityType: "user",
      entityId: userId,
      action: "updated",
      summary,
      changes,
    });
  });
}

export type ProfileResult =
  { ok: true; headers?: Headers } | { ok: false; fieldErrors?: FieldErrors; error?: FormMessage };

/** Changes the password and signs out every other session; the new session's cookie is returned. */
export async function changePassword(
  userId: string,
  input: { currentPassword: string; newPassword: string },
  request: Request,
): Promise<ProfileResult> {
  let headers: Headers;
  try {
    const result = await auth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    headers = sessionCookies(result.headers);
  } catch (error) {
    if (authErrorCode(error) === "INVALID_PASSWORD") {
      return { ok: false, fieldErrors: { currentPassword: "account:password.currentWrong" } };
    }
    return { ok: false, error: backendErrorMessage(error, "change-password") };
  }
  await recordUserChange(userId, "password changed", { password: "changed", otherSessions: "signed out" });
  return { ok: true, headers };
}

/** Whether another account already holds this (verified) number. */
export async function isPhoneNumberTaken(phoneNumber: string, exceptUserId?: string) {
  const condition = exceptUserId
    ? and(eq(user.phoneNumber, phoneNumber), ne(user.id, exceptUserId))
    : eq(user.phoneNumber, phoneNumber);
  const rows = await db().select({ id: user.id }).from(user).where(condition).limit(1);
  return rows.length > 0;
}

/** Sends a verification code by SMS (through the outbox) to a number the person wants to add. */
export async function sendPhoneCode(phoneNumber: string, request: Request): Promise<ProfileResult> {
  try {
    await auth().api.sendPhoneNumberOTP({ body: { phoneNumber }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    return { ok: false, error: backendErrorMessage(error, "send-phone-code") };
  }
}

const wrongCodeCodes = new Set(["INVALID_OTP", "OTP_EXPIRED", "OTP_NOT_FOUND"]);

/** What the code field says when better-auth refused a code; null for any other refusal. */
export function codeRefusal(error: unknown): FieldErrors | null {
  const code = authErrorCode(error) ?? "";
  if (wrongCodeCodes.has(code)) return { code: "auth:form.invalidCode" };
  if (code === "TOO_MANY_ATTEMPTS") return { code: "auth:form.tooManyAttempts" };
  return null;
}

/** Checks the code and makes the number the account's verified phone, usable for signing in. */
export async function verifyPhoneCode(
  userId: string,
  input: { phoneNumber: string; code: string; previous: string | null },
  request: Request,
): Promise<ProfileResult> {
  try {
    await auth().api.verifyPhoneNumber({
      body: { phoneNumber: input.phoneNumber, code: input.code, updatePhoneNumber: true },
      headers: request.headers,
    });
  } catch (error) {
    const refused = codeRefusal(error);
    if (refused) return { ok: false, fieldErrors: refused };
    // Said only to whoever typed the number's right code: its owner.
    if (authErrorCode(error) === "PHONE_NUMBER_EXIST")
      return { ok: false, fieldErrors: { phone: "auth:form.phoneTaken" } };
    return { ok: false, error: backendErrorMessage(error, "verify-phone") };
  }
  await recordUserChange(userId, "phone number verified", {
    phoneNumber: { before: input.previous, after: input.phoneNumber },
  });
  return { ok: true };
}

/** Ends every session of the account, this one included; returns the cookie-clearing headers. */
export async function signOutEverywhere(userId: string, request: Request): Promise<ProfileResult> {
  try {
    await auth().api.revokeSessions({ headers: request.headers });
  } catch (error) {
    return { ok: false, error: backendErrorMessage(error, "revoke-sessions") };
  }
  await recordUserChange(userId, "signed out everywhere", { sessions: "all ended" });
  let headers = new Headers();
  try {
    // The sessions are gone already; this only clears this browser's cookies under their real names.
    const result = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    headers = sessionCookies(result.headers);
  } catch {
    // The session middleware clears a cookie that names no session on the next request anyway.
  }
  return { ok: true, headers };
}
