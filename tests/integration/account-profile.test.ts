import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../app/components/ui/date-time";
import { db } from "../../app/db/client.server";
import { activity, mailOutbox, session, user } from "../../app/db/schema";
import * as login from "../../app/routes/login";
import * as profile from "../../app/routes/profile";
import {
  cookieHeader,
  createTestUser,
  getRequest,
  load,
  postForm,
  signInCookie,
  userFromRequest,
} from "../support/route-context";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

type ProfileData = {
  name: string;
  email: string;
  role: string;
  created: string;
  lastSignIn: string | null;
  updated: string;
  phone: { e164: string; display: string } | null;
};

type ProfileAction = {
  intent?: string;
  done?: string;
  fieldErrors?: Record<string, string>;
  formError?: { key: string };
  passwordFeedback?: { warning: string | null; suggestions: string[] };
  phoneCodeSentTo?: { e164: string; display: string };
};

const NEW_PASSWORD = "Guava boats drift north 31";

async function signedIn(options: Parameters<typeof createTestUser>[0] = {}) {
  const account = await createTestUser(options);
  return { ...account, cookie: await signInCookie(account.email, account.password) };
}

async function activityFor(userId: string) {
  return db()
    .select()
    .from(activity)
    .where(and(eq(activity.entityType, "user"), eq(activity.entityId, userId), eq(activity.action, "updated")))
    .orderBy(desc(activity.id));
}

async function latestCode(phoneNumber: string) {
  const [sms] = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, phoneNumber), eq(mailOutbox.channel, "sms")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return sms.body.match(/\b(\d{6})\b/)?.[1] ?? "";
}

describe(`profile (${test.kind})`, () => {
  it("gives email, role, created, last sign-in and updated dates, shown in New York time", async () => {
    const account = await signedIn({ email: "profile@example.com", role: "seller" });
    const created = new Date("2026-01-15T03:30:00Z");
    await db().update(user).set({ createdAt: created, updatedAt: created }).where(eq(user.id, account.id));
    const page = await load<ProfileData>(profile.loader, "/profile", { cookie: account.cookie });
    expect(page.data).toMatchObject({
      email: "profile@example.com",
      role: "seller",
      created: created.toISOString(),
      updated: created.toISOString(),
      phone: null,
    });
    const [row] = await db().select().from(user).where(eq(user.id, account.id));
    expect(page.data?.lastSignIn).toBe(row.lastSignInAt?.toISOString());
    // 03:30 UTC on the 15th is still the 14th in New York.
    expect(formatDateTime(page.data!.created, "en")).toMatch(/Jan 14, 2026.*10:30/);
    expect(formatDateTime(page.data!.created, "es")).toMatch(/14 ene 2026/);
  });

  it("sends anonymous visitors to /login, remembering the page", async () => {
    const result = await load(profile.loader, "/profile");
    expect(result.location).toBe("/login?redirectTo=%2Fprofile");
    const action = await postForm(profile.action, "/profile", { intent: "sign-out-everywhere" });
    expect(action.location).toBe("/login?redirectTo=%2Fprofile");
  });

  it("changes the password, keeps this session, ends the others and records it", async () => {
    const account = await signedIn();
    const otherDevice = await signInCookie(account.email, account.password);
    const result = await postForm<ProfileAction>(
      profile.action,
      "/profile",
      {
        intent: "change-password",
        currentPassword: account.password,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      { cookie: account.cookie },
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ intent: "change-password", done: "password" });
    const thisDevice = cookieHeader(result.headers, account.cookie);
    expect((await userFromRequest(getRequest("/", { cookie: thisDevice })))?.id).toBe(account.id);
    expect(await userFromRequest(getRequest("/", { cookie: otherDevice }))).toBeNull();

    const signIn = await postForm(login.action, "/login", { identifier: account.email, password: NEW_PASSWORD });
    expect(signIn.status).toBe(302);

    const [entry] = await activityFor(account.id);
    expect(entry.summary).toBe("password changed");
    expect(entry.actorId).toBe(account.id);
    expect(JSON.stringify(entry.changes)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(entry.changes)).not.toContain(account.password);
  });

  it("refuses a wrong current password, a weak or mismatched new one, and changes nothing", async () => {
    const account = await signedIn();
    const post = (fields: Record<string, string>, lang: "en" | "es" = "en") =>
      postForm<ProfileAction>(
        profile.action,
        "/profile",
        { intent: "change-password", ...fields },
        { cookie: account.cookie, lang },
      );

    const wrong = await post({
      currentPassword: "not it at all",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.data?.fieldErrors).toEqual({ currentPassword: "account:password.currentWrong" });
    const weak = await post(
      { currentPassword: account.password, password: "iloveyou1", confirmPassword: "iloveyou1" },
      "es",
    );
    expect(weak.data?.fieldErrors?.password).toBe("auth:form.passwordWeak");
    expect(weak.data?.passwordFeedback?.warning).toMatch(/contraseña/);
    const mismatch = await post({ currentPassword: account.password, password: NEW_PASSWORD, confirmPassword: "nope" });
    expect(mismatch.data?.fieldErrors?.confirmPassword).toBe("auth:form.passwordsDoNotMatch");
    const empty = await post({ currentPassword: "", password: "", confirmPassword: "" });
    expect(empty.data?.fieldErrors).toMatchObject({
      currentPassword: "account:password.currentRequired",
      password: "auth:form.passwordRequired",
    });

    expect(await activityFor(account.id)).toHaveLength(0);
    const oldStillWorks = await postForm(login.action, "/login", {
      identifier: account.email,
      password: account.password,
    });
    expect(oldStillWorks.status).toBe(302);
  });

  it("verifies a phone number by SMS code, then signs in with it", async () => {
    const account = await signedIn();
    const sent = await postForm<ProfileAction>(
      profile.action,
      "/profile",
      { intent: "send-phone-code", phone: "(305) 555-0123" },
      { cookie: account.cookie },
    );
    expect(sent.data?.phoneCodeSentTo).toEqual({ e164: "+13055550123", display: "(305) 555-0123" });
    const code = await latestCode("+13055550123");
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await postForm<ProfileAction>(
      profile.action,
      "/profile",
      { intent: "verify-phone", phone: "+13055550123", code: wrongCode },
      { cookie: account.cookie },
    );
    expect(wrong.data?.fieldErrors?.code).toBe("auth:form.invalidCode");
    expect(wrong.data?.phoneCodeSentTo?.e164).toBe("+13055550123");

    const ok = await postForm<ProfileAction>(
      profile.action,
      "/profile",
      { intent: "verify-phone", phone: "+13055550123", code },
      { cookie: account.cookie },
    );
    expect(ok.data).toMatchObject({ intent: "verify-phone", done: "phone" });
    const [row] = await db().select().from(user).where(eq(user.id, account.id));
    expect(row.phoneNumber).toBe("+13055550123");
    expect(row.phoneNumberVerified).toBe(true);

    const page = await load<ProfileData>(profile.loader, "/profile", { cookie: account.cookie });
    expect(page.data?.phone).toEqual({ e164: "+13055550123", display: "(305) 555-0123" });

    const [entry] = await activityFor(account.id);
    expect(entry.summary).toBe("phone number verified");
    expect(entry.changes).toEqual({ phoneNumber: { before: null, after: "+13055550123" } });
    expect(JSON.stringify(entry.changes)).not.toContain(code);

    const signIn = await postForm(login.action, "/login", { identifier: "305-555-0123", password: account.password });
    expect(signIn.status).toBe(302);
  });

  it("answers a number another account holds like any other, and says so only to the code's owner", async () => {
    const owner = await createTestUser();
    await db()
      .update(user)
      .set({ phoneNumber: "+13055550124", phoneNumberVerified: true })
      .where(eq(user.id, owner.id));
    const account = await signedIn();
    const post = (fields: Record<string, string | string[]>) =>
      postForm<ProfileAction>(profile.action, "/profile", fields, { cookie: account.cookie });

    const taken = await post({ intent: "send-phone-code", phone: "305 555 0124" });
    expect(taken.status).toBe(200);
    expect(taken.data).toEqual({
      intent: "send-phone-code",
      phoneCodeSentTo: { e164: "+13055550124", display: "(305) 555-0124" },
    });
    const code = await latestCode("+13055550124");
    const verified = await post({ intent: "verify-phone", phone: "+13055550124", code });
    expect(verified.data?.fieldErrors?.phone).toBe("auth:form.phoneTaken");
    const [row] = await db().select().from(user).where(eq(user.id, account.id));
    expect(row.phoneNumber).toBeNull();
  });

  it("sends no code for bad input", async () => {
    const account = await signedIn();
    const smsBefore = (await db().select().from(mailOutbox).where(eq(mailOutbox.channel, "sms"))).length;
    const post = (fields: Record<string, string | string[]>) =>
      postForm<ProfileAction>(profile.action, "/profile", fields, { cookie: account.cookie });

    expect((await post({ intent: "send-phone-code", phone: "<script>" })).data?.fieldErrors?.phone).toBe(
      "auth:form.invalidPhone",
    );
    expect((await post({ intent: "send-phone-code", phone: "1".repeat(10_000) })).data?.fieldErrors?.phone).toBe(
      "auth:form.phoneTooLong",
    );
    expect(
      (await post({ intent: "send-phone-code", phone: ["3055550125", "3055550126"] })).data?.fieldErrors?.phone,
    ).toBe("auth:form.invalidValue");
    expect((await post({ intent: "verify-phone", phone: "+13055550125", code: "12ab" })).data?.fieldErrors?.code).toBe(
      "auth:form.codeFormat",
    );
    const unknownIntent = await post({ intent: "make-me-admin" });
    expect(unknownIntent.status).toBe(400);
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.channel, "sms"))).length).toBe(smsBefore);
  });

  it("limits code requests by address", async () => {
    const account = await signedIn();
    const clientIp = "198.51.100.77";
    for (let i = 0; i < 5; i++) {
      await postForm(
        profile.action,
        "/profile",
        { intent: "send-phone-code", phone: "3055550128" },
        { cookie: account.cookie, clientIp },
      );
    }
    const limited = await postForm<ProfileAction>(
      profile.action,
      "/profile",
      { intent: "send-phone-code", phone: "3055550128" },
      { cookie: account.cookie, clientIp },
    );
    expect(limited.status).toBe(429);
    expect(limited.data?.formError?.key).toBe("general:errors.rateLimited");
  });

  it("signs out everywhere: every session ends, the cookie is cleared and the person goes to /login", async () => {
    const account = await signedIn();
    const otherDevice = await signInCookie(account.email, account.password);
    const result = await postForm(
      profile.action,
      "/profile",
      { intent: "sign-out-everywhere" },
      { cookie: account.cookie },
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?notice=signed-out-everywhere");
    expect(result.headers.getSetCookie().some((c) => /better-auth\.session_token=;/.test(c))).toBe(true);
    expect(await db().select().from(session).where(eq(session.userId, account.id))).toHaveLength(0);
    expect(await userFromRequest(getRequest("/", { cookie: account.cookie }))).toBeNull();
    expect(await userFromRequest(getRequest("/", { cookie: otherDevice }))).toBeNull();
    const [entry] = await activityFor(account.id);
    expect(entry.summary).toBe("signed out everywhere");
  });
});
