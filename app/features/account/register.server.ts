import { createHash } from "node:crypto";
import { and, eq, gt, like } from "drizzle-orm";
import { z } from "zod";
import { asPhoneRegistration, auth } from "~/auth/auth.server";
import { db, withTransaction, type Tx } from "~/db/client.server";
import { account, user, verification } from "~/db/schema";
import { recordActivity } from "~/features/activity/record.server";
import { isLang, type Lang } from "~/i18n/config";
import { authErrorCode, backendErrorMessage } from "./auth-errors.server";
import { sessionCookies } from "./cookies.server";
import { codeRefusal, isPhoneNumberTaken, sendPhoneCode } from "./profile.server";
import type { FieldErrors, FormMessage } from "./schema";

export type RegisterResult =
  { ok: true; userId: string; headers: Headers } | { ok: false; fieldErrors?: FieldErrors; error?: FormMessage };

const emailTakenCodes = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);

/**
 * Creates a customer account and signs it in. The role is never read from the form: better-auth's
 * admin plugin gives every new account the default role, customer.
 */
export async function registerCustomer(
  input: { name: string; email: string; password: string },
  request: Request,
  lang: Lang,
): Promise<RegisterResult> {
  let userId: string;
  let headers: Headers;
  try {
    const result = await auth().api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    userId = result.response.user.id;
    headers = sessionCookies(result.headers);
  } catch (error) {
    if (emailTakenCodes.has(authErrorCode(error) ?? ""))
      return { ok: false, fieldErrors: { identifier: "auth:form.emailTaken" } };
    return { ok: false, error: backendErrorMessage(error, "register") };
  }
  await withTransaction((tx) => recordRegistration(tx, userId, lang, { email: input.email, name: input.name }));
  return { ok: true, userId, headers };
}

/** A new customer's account, however they registered: the language they use, and the activity entry. */
async function recordRegistration(
  tx: Tx,
  userId: string,
  lang: Lang,
  contact: { email: string; name: string } | { phoneNumber: string; name: string },
) {
  // Messages sent to this person later (reset links from an admin) use the language they signed up in.
  await tx.update(user).set({ locale: lang }).where(eq(user.id, userId));
  await recordActivity(tx, {
    actorId: userId,
    entityType: "user",
    entityId: userId,
    action: "created",
    summary: "registered",
    changes: { ...contact, role: "customer" },
  });
}

/** As long as the code sent to the number lives (the phone-number plugin's expiresIn). */
const PENDING_MINUTES = 10;

/**
 * A waiting registration belongs to the browser that started it: the browser holds a random key in
 * an HttpOnly cookie, the row holds the key's hash. Someone else starting a registration with the
 * same number gets a row of their own, so they can never replace the name and password a person
 * typed, and a code typed in another browser finishes nothing.
 */
export const REGISTRATION_COOKIE = "phone_registration";

const numberPrefix = (phoneNumber: string) => `phone-registration-${phoneNumber}:`;
const pendingKey = (phoneNumber: string, browserKey: string) =>
  `${numberPrefix(phoneNumber)}${createHash("sha256").update(browserKey).digest("hex")}`;

/** The cookie that ties the registration to this browser (cleared with `maxAge` 0). */
export function registrationCookie(browserKey: string, request: Request, maxAge = PENDING_MINUTES * 60) {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${REGISTRATION_COOKIE}=${browserKey}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** This browser's registration key, when it holds a well-formed one. */
export function browserKeyOf(request: Request) {
  const found = (request.headers.get("cookie") ?? "")
    .split(/;\s*/)
    .find((c) => c.startsWith(`${REGISTRATION_COOKIE}=`))
    ?.slice(REGISTRATION_COOKIE.length + 1);
  return found && /^[0-9a-f-]{36}$/.test(found) ? found : null;
}

const pendingValue = z.object({ name: z.string(), passwordHash: z.string(), lang: z.string() });

async function findPendingRegistration(phoneNumber: string, browserKey: string) {
  const [row] = await db()
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(eq(verification.identifier, pendingKey(phoneNumber, browserKey)), gt(verification.expiresAt, new Date())),
    )
    .limit(1);
  if (!row) return null;
  const parsed = pendingValue.safeParse(JSON.parse(row.value));
  return parsed.success ? { ...parsed.data, lang: isLang(parsed.data.lang) ? parsed.data.lang : "en" } : null;
}

async function dropPendingRegistration(phoneNumber: string, browserKey: string) {
  await db()
    .delete(verification)
    .where(eq(verification.identifier, pendingKey(phoneNumber, browserKey)));
}

export type PhoneRegistrationStart = { ok: true; browserKey: string } | { ok: false; error: FormMessage };

/**
 * Starts a registration by phone number: keeps the name, the password's hash and the language
 * until the code sent to the number comes back, and sends the code. The account is created only
 * then. A number that already has an account goes through exactly the same steps and gets a code
 * too, so nothing here tells whether it is registered.
 */
export async function startPhoneRegistration(
  input: { name: string; phoneNumber: string; password: string },
  request: Request,
  lang: Lang,
): Promise<PhoneRegistrationStart> {
  const passwordHash = await (await auth().$context).password.hash(input.password);
  const browserKey = browserKeyOf(request) ?? crypto.randomUUID();
  const key = pendingKey(input.phoneNumber, browserKey);
  await withTransaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, key));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: key,
      value: JSON.stringify({ name: input.name, passwordHash, lang }),
      expiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000),
    });
  });
  return resendRegistrationCode(input.phoneNumber, browserKey, request);
}

/** Sends a new code to a number whose registration this browser started; the wait starts again. */
export async function resendRegistrationCode(
  phoneNumber: string,
  browserKey: string | null,
  request: Request,
): Promise<PhoneRegistrationStart> {
  const expired = { ok: false as const, error: { key: "auth:register.codeExpired" } };
  if (!browserKey) return expired;
  const renewed = await db()
    .update(verification)
    .set({ expiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000), updatedAt: new Date() })
    .where(
      and(eq(verification.identifier, pendingKey(phoneNumber, browserKey)), gt(verification.expiresAt, new Date())),
    )
    .returning({ id: verification.id });
  if (renewed.length === 0) return expired;
  const sent = await sendPhoneCode(phoneNumber, request);
  return sent.ok
    ? { ok: true, browserKey }
    : { ok: false, error: sent.error ?? { key: "general:errors.unknownBackend" } };
}

export type PhoneRegistrationResult =
  | { ok: true; userId: string; headers: Headers }
  /** `ended`: the registration is over (done by another account, or expired); the form starts again. */
  | { ok: false; fieldErrors?: FieldErrors; error?: FormMessage; ended?: true };

const numberHasAccount: FormMessage = {
  key: "auth:register.phoneHasAccount",
  hint: "auth:register.phoneHasAccountHint",
};

/**
 * Finishes a registration by phone with the code sent to the number: the account is created with
 * the number verified and signed in. Only the code's owner learns that the number already had an
 * account; the password typed then changes nothing.
 */
export async function completePhoneRegistration(
  input: { phoneNumber: string; code: string; browserKey: string | null },
  request: Request,
): Promise<PhoneRegistrationResult> {
  const { browserKey } = input;
  const pending = browserKey ? await findPendingRegistration(input.phoneNumber, browserKey) : null;
  if (!browserKey || !pending) return { ok: false, error: { key: "auth:register.codeExpired" }, ended: true };

  if (await isPhoneNumberTaken(input.phoneNumber)) {
    try {
      await auth().api.consumePhoneNumberOTP({ body: { phoneNumber: input.phoneNumber, code: input.code } });
    } catch (error) {
      const refused = codeRefusal(error);
      return refused
        ? { ok: false, fieldErrors: refused }
        : { ok: false, error: backendErrorMessage(error, "register") };
    }
    await dropPendingRegistration(input.phoneNumber, browserKey);
    return { ok: false, error: numberHasAccount, ended: true };
  }

  let userId: string;
  let headers: Headers;
  try {
    const result = await asPhoneRegistration(pending.name, () =>
      auth().api.verifyPhoneNumber({
        body: { phoneNumber: input.phoneNumber, code: input.code },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    userId = result.response.user.id;
    headers = sessionCookies(result.headers);
  } catch (error) {
    const refused = codeRefusal(error);
    if (refused) return { ok: false, fieldErrors: refused };
    if (authErrorCode(error) === "PHONE_NUMBER_EXIST") {
      await dropPendingRegistration(input.phoneNumber, browserKey);
      return { ok: false, error: numberHasAccount, ended: true };
    }
    return { ok: false, error: backendErrorMessage(error, "register") };
  }

  try {
    await withTransaction(async (tx) => {
      const now = new Date();
      await tx.insert(account).values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: pending.passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      // Every registration still waiting for this number is over: it has its account now.
      await tx.delete(verification).where(like(verification.identifier, `${numberPrefix(input.phoneNumber)}%`));
      await recordRegistration(tx, userId, pending.lang, { phoneNumber: input.phoneNumber, name: pending.name });
    });
  } catch (error) {
    // Without its password the account could never be signed into again: it goes, with the
    // session just opened, and the number stays free to register.
    await db().delete(user).where(eq(user.id, userId));
    return { ok: false, error: backendErrorMessage(error, "register") };
  }
  return { ok: true, userId, headers };
}
