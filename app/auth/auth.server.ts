import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, emailOTP, phoneNumber } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { config } from "~/config.server";
import { databaseHandle, db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { enqueueMessage } from "~/services/mail/outbox.server";
import { createI18n } from "~/i18n/instance";
import { hasMailbox, noMailboxAddress } from "~/lib/contact";
import { currentRequest } from "~/lib/request-store.server";
import { logger } from "~/lib/logger.server";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

async function loadSecret(): Promise<string> {
  const fromEnv = config().AUTH_SECRET;
  if (fromEnv) return fromEnv;
  // Without AUTH_SECRET, one random secret lives in the database so every instance shares it.
  const generated = randomBytes(32).toString("base64url");
  await db().insert(schema.appSetting).values({ key: "auth_secret", value: generated }).onConflictDoNothing();
  const [row] = await db().select().from(schema.appSetting).where(eq(schema.appSetting.key, "auth_secret"));
  return row.value;
}

// An invitation is a set-password link like a reset, worded as a welcome.
const resetLinkPurpose = new AsyncLocalStorage<"invite">();

/** Runs a password-reset request whose message is worded as an invitation to a new account. */
export function asInvitation<T>(fn: () => Promise<T>) {
  return resetLinkPurpose.run("invite", fn);
}

/**
 * A registration by phone number: better-auth creates the account when the number's code is
 * verified, under the name typed on the form. Only a call made inside `asPhoneRegistration` may
 * create an account that way, and it may not open one that already holds the number.
 */
const phoneRegistration = new AsyncLocalStorage<{ name: string; email?: string }>();

export function asPhoneRegistration<T>(name: string, fn: () => Promise<T>) {
  return phoneRegistration.run({ name }, fn);
}

function messageLang() {
  return currentRequest()?.lang ?? "en";
}

function createAuth(secret: string) {
  const c = config();
  return betterAuth({
    appName: c.COMPANY_NAME,
    secret,
    baseURL: c.SITE_URL,
    basePath: "/api/auth",
    database: drizzleAdapter(databaseHandle().db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // An account registered by phone alone has no mailbox to send the link to.
        if (!hasMailbox(user.email)) return;
        const t = createI18n(messageLang()).getFixedT(null, "auth");
        const link = `${c.SITE_URL}/reset-password?token=${encodeURIComponent(token)}`;
        const minutes = RESET_TOKEN_TTL_SECONDS / 60;
        const invite = resetLinkPurpose.getStore() === "invite";
        await enqueueMessage(db(), {
          kind: invite ? "invite" : "password-reset",
          recipient: user.email,
          subject: invite
            ? t("mail.inviteSubject", { company: c.COMPANY_NAME })
            : t("mail.resetSubject", { company: c.COMPANY_NAME }),
          body: invite
            ? t("mail.inviteBody", { name: user.name, link, minutes, company: c.COMPANY_NAME })
            : t("mail.resetBody", { name: user.name, link, minutes }),
        });
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 24 * 60 * 60,
      // No cookie cache, so a revoked session ends on the next request.
      cookieCache: { enabled: false },
    },
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: c.isSecure,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await db().update(schema.user).set({ lastSignInAt: new Date() }).where(eq(schema.user.id, session.userId));
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: "customer", adminRoles: ["admin"] }),
      phoneNumber({
        requireVerification: true,
        otpLength: 6,
        expiresIn: 600,
        allowedAttempts: 5,
        signUpOnVerification: {
          getTempEmail: () => {
            const registration = phoneRegistration.getStore();
            if (!registration) throw new APIError("FORBIDDEN", { code: "NOT_A_REGISTRATION" });
            registration.email = noMailboxAddress();
            return registration.email;
          },
          getTempName: (phone) => phoneRegistration.getStore()?.name ?? phone,
        },
        callbackOnVerification: async ({ user }) => {
          const registration = phoneRegistration.getStore();
          // The number found an account made since the registration checked it: that account is
          // someone else's, and a code alone never signs into it.
          if (registration && user.email !== registration.email) {
            throw new APIError("CONFLICT", { code: "PHONE_NUMBER_EXIST" });
          }
        },
        sendOTP: async ({ phoneNumber: to, code }) => {
          const t = createI18n(messageLang()).getFixedT(null, "account");
          await enqueueMessage(db(), {
            kind: "phone-code",
            channel: "sms",
            recipient: to,
            subject: t("phone.smsSubject"),
            body: t("phone.smsBody", { code, company: c.COMPANY_NAME }),
          });
        },
      }),
      // Registration by email: the code that proves the address (app/features/account/register.server.ts).
      // Its endpoints are not mounted, so it signs nobody in by a code alone but a new account.
      emailOTP({
        otpLength: 6,
        expiresIn: 600,
        allowedAttempts: 5,
        storeOTP: "hashed",
        sendVerificationOTP: async ({ email, otp }) => {
          const t = createI18n(messageLang()).getFixedT(null, "auth");
          const [owner] = await db()
            .select({ name: schema.user.name })
            .from(schema.user)
            .where(eq(schema.user.email, email))
            .limit(1);
          // An address that already has an account gets no code: its owner is told someone tried,
          // while the form answers exactly as for a new address.
          await enqueueMessage(
            db(),
            owner
              ? {
                  kind: "registration-attempt",
                  recipient: email,
                  subject: t("mail.registrationAttemptSubject", { company: c.COMPANY_NAME }),
                  body: t("mail.registrationAttemptBody", {
                    name: owner.name,
                    company: c.COMPANY_NAME,
                    link: `${c.SITE_URL}/login`,
                  }),
                }
              : {
                  kind: "registration-code",
                  recipient: email,
                  subject: t("mail.registrationCodeSubject", { company: c.COMPANY_NAME }),
                  body: t("mail.registrationCodeBody", { code: otp, company: c.COMPANY_NAME, minutes: 10 }),
                },
          );
        },
      }),
    ],
    logger: {
      log: (level, message) => {
        if (level === "error") logger.error({ source: "auth" }, message);
        else if (level === "warn") logger.warn({ source: "auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// On globalThis, like the database, so a development reload of this module keeps the instance.
const shared = globalThis as typeof globalThis & { __appAuth?: Auth | null };

export async function initAuth() {
  shared.__appAuth = createAuth(await loadSecret());
  return shared.__appAuth;
}

export function auth(): Auth {
  if (!shared.__appAuth) throw new Error("initAuth() has not run.");
  return shared.__appAuth;
}

export function resetAuthForTests() {
  shared.__appAuth = null;
}
