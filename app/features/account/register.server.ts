import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { asPhoneRegistration, auth } from "~/auth/auth.server";
import { db, withTransaction, type Tx } from "~/db/client.server";
import { account, session, user, verification } from "~/db/schema";
import { recordActivity } from "~/features/activity/record.server";
import { isLang, type Lang } from "~/i18n/config";
import { authErrorCode, backendErrorMessage } from "./auth-errors.server";
import { sessionCookies } from "./cookies.server";
import { codeRefusal, isPhoneNumberTaken, sendPhoneCode } from "./profile.server";
import type { FieldErrors, FormMessage } from "./schema";

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
export const REGISTRATION_COOKIE = "pending_registration";

/** What a registration is made with: a phone number (E.164) or an email address (lower case). */
export type RegistrationContact = { kind: "phone"; phoneNumber: string } | { kind: "email"; email: string };

const contactPrefix = (contact: RegistrationContact) =>
  contact.kind === "phone" ? `phone-registration-${contact.phoneNumber}:` : `email-registration-${contact.email}:`;
const pendingKey = (contact: RegistrationContact, browserKey: string) =>
  `${contactPrefix(contact)}${createHash("sha256").update(browserKey).digest("hex")}`;

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

async function findPendingRegistration(contact: RegistrationContact, browserKey: string) {
  const [row] = await db()
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, pendingKey(contact, browserKey)), gt(verification.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const parsed = pendingValue.safeParse(JSON.parse(row.value));
  return parsed.success ? { ...parsed.data, lang: isLang(parsed.data.lang) ? parsed.data.lang : "en" } : null;
}

async function dropPendingRegistration(contact: RegistrationContact, browserKey: string) {
  await db()
    .delete(verification)
    .where(eq(verification.identifier, pendingKey(contact, browserKey)));
}

export type RegistrationStart = { ok: true; browserKey: string } | { ok: false; error: FormMessage };

/**
 * Starts a registration: keeps the name, the password's hash and the language until the code sent
 * to the number or address comes back, and sends the code. The account is created only then.
 * A number or an address that already has an account goes through exactly the same steps, so
 * nothing here tells whether it is registered: a number gets a code too; an address gets, instead
 * of a code, a message telling its owner someone tried (auth.server.ts).
 */
export async function startRegistration(
  input: { name: string; contact: RegistrationContact; password: string },
  request: Request,
  lang: Lang,
): Promise<RegistrationStart> {
  const passwordHash = await (await auth().$context).password.hash(input.password);
  const browserKey = browserKeyOf(request) ?? crypto.randomUUID();
  const key = pendingKey(input.contact, browserKey);
  await withTransaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, key));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: key,
      value: JSON.stringify({ name: input.name, passwordHash, lang }),
      expiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000),
    });
  });
  return resendRegistrationCode(input.contact, browserKey, request);
}

async function sendRegistrationCode(contact: RegistrationContact, request: Request) {
  if (contact.kind === "phone") return sendPhoneCode(contact.phoneNumber, request);
  try {
    await auth().api.sendVerificationOTP({ body: { email: contact.email, type: "sign-in" }, headers: request.headers });
    return { ok: true as const };
  } catch (error) {
    return { ok: false as const, error: backendErrorMessage(error, "send-registration-code") };
  }
}

/** Sends a new code for a registration this browser started; the wait starts again. */
export async function resendRegistrationCode(
  contact: RegistrationContact,
  browserKey: string | null,
  request: Request,
): Promise<RegistrationStart> {
  const expired = { ok: false as const, error: { key: "auth:register.codeExpired" } };
  if (!browserKey) return expired;
  const renewed = await db()
    .update(verification)
    .set({ expiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000), updatedAt: new Date() })
    .where(and(eq(verification.identifier, pendingKey(contact, browserKey)), gt(verification.expiresAt, new Date())))
    .returning({ id: verification.id });
  if (renewed.length === 0) return expired;
  const sent = await sendRegistrationCode(contact, request);
  return sent.ok
    ? { ok: true, browserKey }
    : { ok: false, error: sent.error ?? { key: "general:errors.unknownBackend" } };
}

export type RegistrationResult =
  | { ok: true; userId: string; headers: Headers }
  /** `ended`: the registration is over (done by another account, or expired); the form starts again. */
  | { ok: false; fieldErrors?: FieldErrors; error?: FormMessage; ended?: true };

const numberHasAccount: FormMessage = {
  key: "auth:register.phoneHasAccount",
  hint: "auth:register.phoneHasAccountHint",
};

const addressHasAccount: FormMessage = {
  key: "auth:register.emailHasAccount",
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
): Promise<RegistrationResult> {
  const { browserKey } = input;
  const contact = { kind: "phone" as const, phoneNumber: input.phoneNumber };
  const pending = browserKey ? await findPendingRegistration(contact, browserKey) : null;
  if (!browserKey || !pending) return { ok: false, error: { key: "auth:register.codeExpired" }, ended: true };

  if (await isPhoneNumberTaken(input.phoneNumber)) {
    return answerTaken(contact, browserKey, numberHasAccount, () =>
      auth().api.consumePhoneNumberOTP({ body: { phoneNumber: input.phoneNumber, code: input.code } }),
    );
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
      await dropPendingRegistration(contact, browserKey);
      return { ok: false, error: numberHasAccount, ended: true };
    }
    return { ok: false, error: backendErrorMessage(error, "register") };
  }

  return finishRegistration(contact, pending, userId, headers, { phoneNumber: input.phoneNumber, name: pending.name });
}

/**
 * The account a verified code has just opened gets the password typed at the start, and its
 * activity entry; every registration still waiting for the same number or address is over.
 */
async function finishRegistration(
  contact: RegistrationContact,
  pending: { passwordHash: string; lang: Lang },
  userId: string,
  headers: Headers,
  recorded: { email: string; name: string } | { phoneNumber: string; name: string },
): Promise<RegistrationResult> {
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
      // Compared as a prefix, not with LIKE: an address may hold "_", which LIKE reads as any character.
      const prefix = contactPrefix(contact);
      await tx.delete(verification).where(sql`left(${verification.identifier}, ${prefix.length}) = ${prefix}`);
      await recordRegistration(tx, userId, pending.lang, recorded);
    });
  } catch (error) {
    // Without its password the account could never be signed into again: it goes, with the
    // session just opened, and the number or address stays free to register.
    await db().delete(user).where(eq(user.id, userId));
    return { ok: false, error: backendErrorMessage(error, "register") };
  }
  return { ok: true, userId, headers };
}

/**
 * A code typed for a number or address that has an account by now: checked like any code (a wrong
 * one is said, and counted, as for a new one), and only the right one, whose owner holds the
 * number or mailbox, ends the registration with the news that the account exists.
 */
async function answerTaken(
  contact: RegistrationContact,
  browserKey: string,
  hasAccount: FormMessage,
  checkCode: () => Promise<unknown>,
): Promise<RegistrationResult> {
  try {
    await checkCode();
  } catch (error) {
    const refused = codeRefusal(error);
    return refused ? { ok: false, fieldErrors: refused } : { ok: false, error: backendErrorMessage(error, "register") };
  }
  await dropPendingRegistration(contact, browserKey);
  return { ok: false, error: hasAccount, ended: true };
}

async function isEmailTaken(email: string) {
  const rows = await db().select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return rows.length > 0;
}

/**
 * Finishes a registration by email with the code sent to the address: the account is created with
 * the address verified and signed in. An address that already had an account was sent no code, so
 * every code typed for it is wrong, as a wrong code is for a new address; only if the address got
 * its account while this registration waited (its code then went to the address's owner) is the
 * owner told, and the password typed changes nothing.
 */
export async function completeEmailRegistration(
  input: { email: string; code: string; browserKey: string | null },
  request: Request,
): Promise<RegistrationResult> {
  const { browserKey } = input;
  const contact = { kind: "email" as const, email: input.email };
  const pending = browserKey ? await findPendingRegistration(contact, browserKey) : null;
  if (!browserKey || !pending) return { ok: false, error: { key: "auth:register.codeExpired" }, ended: true };

  if (await isEmailTaken(input.email)) {
    return answerTaken(contact, browserKey, addressHasAccount, () =>
      auth().api.checkVerificationOTP({ body: { email: input.email, type: "sign-in", otp: input.code } }),
    );
  }

  let userId: string;
  let headers: Headers;
  try {
    const result = await auth().api.signInEmailOTP({
      body: { email: input.email, otp: input.code, name: pending.name },
      headers: request.headers,
      returnHeaders: true,
    });
    userId = result.response.user.id;
    headers = sessionCookies(result.headers);
    // The address found an account made since the check above (a moment's race). The code proved
    // the address, so its holder could reset that account's password anyway; still, a registration
    // does not sign into an account it did not create, nor give one that has a password another.
    const [credential] = await db().select({ id: account.id }).from(account).where(eq(account.userId, userId)).limit(1);
    if (credential) {
      await db().delete(session).where(eq(session.token, result.response.token));
      await dropPendingRegistration(contact, browserKey);
      return { ok: false, error: addressHasAccount, ended: true };
    }
  } catch (error) {
    const refused = codeRefusal(error);
    if (refused) return { ok: false, fieldErrors: refused };
    return { ok: false, error: backendErrorMessage(error, "register") };
  }
  return finishRegistration(contact, pending, userId, headers, { email: input.email, name: pending.name });
}
