import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { account, activity, mailOutbox, user, verification } from "../../app/db/schema";
import { createI18n } from "../../app/i18n/instance";
import * as login from "../../app/routes/login";
import * as register from "../../app/routes/register";
import { REGISTRATION_COOKIE } from "../../app/features/account/register.server";
import type { AccountActionData } from "../../app/features/account/schema";
import type { Lang } from "../../app/i18n/config";
import {
  STRONG_PASSWORD,
  cookieHeader,
  createTestUser,
  load,
  postForm,
  signInCookie,
  userFromRequest,
  getRequest,
} from "../support/route-context";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

const good = (identifier: string) => ({
  name: "Lucía Gómez",
  identifier,
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
});

async function countUsers() {
  return (await db().select({ id: user.id }).from(user)).length;
}

/** The latest message of a kind to an address, read from the outbox as a mail server would send it. */
async function latestMail(email: string, kind: "registration-code" | "registration-attempt") {
  const [mail] = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** Registers by email in one browser: the form, then the code the address was sent. */
async function registerByEmail(fields: Record<string, string>, options: { lang?: Lang } = {}) {
  const post = browser();
  const started = await post(fields, options);
  expect(started.status).toBe(200);
  const email = started.data!.emailCodeSentTo!;
  const code = (await latestMail(email, "registration-code")).body.match(/\b(\d{6})\b/)![1];
  return post({ intent: "verify-code", email, code }, options);
}

describe(`registration (${test.kind})`, () => {
  it("emails a code, and creates the customer, signs them in and goes to the dashboard once it is typed", async () => {
    const post = browser();
    const started = await post({ ...good("Lucia@Example.com"), role: "admin" });
    expect(started.status).toBe(200);
    expect(started.data).toEqual({ emailCodeSentTo: "lucia@example.com" });
    expect(await db().select().from(user).where(eq(user.email, "lucia@example.com"))).toHaveLength(0);
    const mail = await latestMail("lucia@example.com", "registration-code");
    expect(mail.subject).toMatch(/^Your code to create your/);
    const code = mail.body.match(/\b(\d{6})\b/)![1];

    const wrong = await post({ intent: "verify-code", email: "lucia@example.com", code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({
      fieldErrors: { code: "auth:form.invalidCode" },
      emailCodeSentTo: "lucia@example.com",
    });

    const result = await post({ intent: "verify-code", email: "lucia@example.com", code });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard");
    const cookies = result.headers.getSetCookie().filter((c) => c.startsWith("better-auth.session_token="));
    expect(cookies.some((c) => c.startsWith("better-auth.session_token="))).toBe(true);

    const [row] = await db().select().from(user).where(eq(user.email, "lucia@example.com"));
    expect(row.role).toBe("customer");
    expect(row.name).toBe("Lucía Gómez");
    expect(row.locale).toBe("en");
    expect(row.emailVerified).toBe(true);

    const signedIn = await userFromRequest(getRequest("/dashboard", { cookie: cookies[0].split(";")[0] }));
    expect(signedIn?.email).toBe("lucia@example.com");
    expect(signedIn?.role).toBe("customer");

    const [entry] = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.entityType, "user"), eq(activity.entityId, row.id)));
    expect(entry.action).toBe("created");
    expect(JSON.stringify(entry.changes)).not.toContain(STRONG_PASSWORD);
  });

  it("asks for an email's code as an email's, and ends only its own address's waiting registrations", async () => {
    const post = browser();
    await post(good("a_b@example.com"));
    const empty = await post({ intent: "verify-code", email: "a_b@example.com", code: "" });
    expect(empty.data?.fieldErrors).toEqual({ code: "auth:form.emailCodeRequired" });

    // "_" is any character to LIKE: finishing a_b@ must not end axb@'s registration.
    const other = browser();
    await other(good("axb@example.com"));
    const code = (await latestMail("a_b@example.com", "registration-code")).body.match(/\b(\d{6})\b/)![1];
    expect((await post({ intent: "verify-code", email: "a_b@example.com", code })).status).toBe(302);
    const otherCode = (await latestMail("axb@example.com", "registration-code")).body.match(/\b(\d{6})\b/)![1];
    expect((await other({ intent: "verify-code", email: "axb@example.com", code: otherCode })).status).toBe(302);
  });

  it("remembers the language the person registered in, and writes the code in it", async () => {
    const result = await registerByEmail(good("espanol@example.com"), { lang: "es" });
    expect(result.status).toBe(302);
    const [row] = await db().select().from(user).where(eq(user.email, "espanol@example.com"));
    expect(row.locale).toBe("es");
    expect((await latestMail("espanol@example.com", "registration-code")).subject).toMatch(/^Su código para crear/);
    // The password typed at the start is the account's.
    const signIn = await postForm(login.action, "/login", {
      identifier: "espanol@example.com",
      password: STRONG_PASSWORD,
    });
    expect(signIn.status).toBe(302);
  });

  it("answers the specification's form messages and creates nothing", async () => {
    const before = await countUsers();
    const empty = await postForm<AccountActionData>(register.action, "/register", {
      name: "",
      identifier: "",
      password: "",
      confirmPassword: "",
    });
    expect(empty.status).toBe(400);
    expect(empty.data?.fieldErrors).toEqual({
      name: "auth:form.nameRequired",
      identifier: "auth:form.identifierRequired",
      password: "auth:form.passwordRequired",
    });

    const wrong = await postForm<AccountActionData>(register.action, "/register", {
      name: "Ana",
      identifier: "ana@example",
      password: "short",
      confirmPassword: "other",
    });
    expect(wrong.data?.fieldErrors).toEqual({
      identifier: "auth:form.invalidEmail",
      password: "auth:form.passwordTooShort",
      confirmPassword: "auth:form.passwordsDoNotMatch",
    });
    expect(wrong.data?.values).toEqual({ name: "Ana", identifier: "ana@example" });
    expect(await countUsers()).toBe(before);
  });

  it("refuses hostile input with clear messages and changes nothing", async () => {
    const before = await countUsers();
    const cases: Array<[Record<string, string | string[]>, string, string]> = [
      [{ name: "<script>alert(1)</script>" }, "name", "auth:form.nameInvalid"],
      [{ name: "x".repeat(10_000) }, "name", "auth:form.nameTooLong"],
      [{ identifier: `${"a".repeat(10_000)}@example.com` }, "identifier", "auth:form.emailTooLong"],
      [{ identifier: 'x@y.co\'; DROP TABLE "user"; --' }, "identifier", "auth:form.invalidEmail"],
      [{ identifier: ["one@example.com", "two@example.com"] }, "identifier", "auth:form.invalidValue"],
      [{ password: "p".repeat(10_000), confirmPassword: "p".repeat(10_000) }, "password", "auth:form.passwordTooLong"],
      [{ identifier: "1' OR '1'='1" }, "identifier", "auth:form.invalidIdentifier"],
      [{ identifier: "+1 (954) 555-01" }, "identifier", "auth:form.invalidPhone"],
    ];
    for (const [override, field, key] of cases) {
      const result = await postForm<AccountActionData>(register.action, "/register", {
        ...good("hostile@example.com"),
        ...override,
      });
      expect(result.status, field).toBe(400);
      expect(result.data?.fieldErrors?.[field]).toBe(key);
      // The echoed values are capped too, so a huge field never comes back whole.
      for (const value of Object.values(result.data?.values ?? {})) expect(value.length).toBeLessThanOrEqual(254);
    }
    expect(await countUsers()).toBe(before);
  });

  it("refuses weak passwords with the reasons in English", async () => {
    const result = await postForm<AccountActionData>(register.action, "/register", {
      ...good("weak-en@example.com"),
      password: "password123",
      confirmPassword: "password123",
    });
    expect(result.status).toBe(400);
    expect(result.data?.fieldErrors?.password).toBe("auth:form.passwordWeak");
    expect(result.data?.passwordFeedback?.warning).toBe("This is a commonly used password.");
    expect(result.data?.passwordFeedback?.suggestions.length).toBeGreaterThan(0);
    expect(await db().select().from(user).where(eq(user.email, "weak-en@example.com"))).toHaveLength(0);
  });

  it("refuses weak passwords with the reasons in Spanish", async () => {
    const result = await postForm<AccountActionData>(
      register.action,
      "/register",
      { ...good("weak-es@example.com"), password: "password123", confirmPassword: "password123" },
      { lang: "es" },
    );
    expect(result.data?.fieldErrors?.password).toBe("auth:form.passwordWeak");
    expect(result.data?.passwordFeedback?.warning).toBe("Es una contraseña usada comúnmente.");
  });

  it("counts the person's own name against the password", async () => {
    const result = await postForm<AccountActionData>(register.action, "/register", {
      ...good("personal@example.com"),
      name: "Zorvatha Quimbleton",
      password: "ZorvathaQuimbleton",
      confirmPassword: "ZorvathaQuimbleton",
    });
    expect(result.data?.fieldErrors?.password).toBe("auth:form.passwordWeak");
  });

  it("answers an address that already has an account exactly as a new one, tells its owner, and opens nothing", async () => {
    const owner = await createTestUser({ email: "taken@example.com", name: "Tomás Dueño" });
    const before = await countUsers();
    const taken = browser();
    const fresh = browser();
    const tried = await taken(good("Taken@Example.com"));
    const other = await fresh(good("fresh@example.com"));
    expect(tried.status).toBe(other.status);
    expect(Object.keys(tried.data!)).toEqual(Object.keys(other.data!));
    expect(tried.data).toEqual({ emailCodeSentTo: "taken@example.com" });
    expect(tried.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(
      other.headers.getSetCookie().map((c) => c.split("=")[0]),
    );

    // The owner is told, with no code; nobody else gets a message.
    expect(await latestMail("taken@example.com", "registration-code")).toBeUndefined();
    const told = await latestMail("taken@example.com", "registration-attempt");
    expect(told.body).toContain("Tomás Dueño");
    expect(told.body).not.toMatch(/\b\d{6}\b/);

    // Any code typed for it is a wrong code, as a wrong code is for a new address.
    const guess = await taken({ intent: "verify-code", email: "taken@example.com", code: "123456" });
    const wrongFresh = await fresh({ intent: "verify-code", email: "fresh@example.com", code: "123456" });
    expect(guess.status).toBe(wrongFresh.status);
    expect(guess.data).toEqual({
      fieldErrors: { code: "auth:form.invalidCode" },
      emailCodeSentTo: "taken@example.com",
    });
    expect(await countUsers()).toBe(before);
    const signIn = await postForm(login.action, "/login", { identifier: owner.email, password: owner.password });
    expect(signIn.status, "the owner's password is unchanged").toBe(302);
  });

  it("answers 429 over the limit and creates nothing", async () => {
    const clientIp = "203.0.113.7";
    for (let i = 0; i < 5; i++) {
      const result = await postForm(register.action, "/register", { name: "" }, { clientIp });
      expect(result.status).toBe(400);
    }
    const limited = await postForm<AccountActionData>(register.action, "/register", good("late@example.com"), {
      clientIp,
    });
    expect(limited.status).toBe(429);
    expect(limited.data?.formError?.key).toBe("general:errors.rateLimited");
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await db().select().from(user).where(eq(user.email, "late@example.com"))).toHaveLength(0);
    // Another address is not affected.
    const other = await postForm(register.action, "/register", good("other-ip@example.com"), {
      clientIp: "203.0.113.8",
    });
    expect(other.status).toBe(200);
  });

  it("sends signed-in visitors to the dashboard", async () => {
    const account = await createTestUser();
    const cookie = await signInCookie(account.email, account.password);
    const result = await load(register.loader, "/register", { cookie });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard");
    const anonymous = await load(register.loader, "/register");
    expect(anonymous.status).toBe(200);
  });
});

/** The latest code texted to a number, read from the outbox as an SMS provider would send it. */
async function latestCode(phoneNumber: string) {
  const [sms] = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, phoneNumber), eq(mailOutbox.kind, "phone-code")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  expect(sms?.channel).toBe("sms");
  return sms.body.match(/\b(\d{6})\b/)![1];
}

async function smsCount(phoneNumber: string) {
  return (await db().select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.recipient, phoneNumber)))
    .length;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/**
 * One browser's posts to /register: like a browser, it sends back the registration cookie the
 * server set, so each browser's registration is its own.
 */
function browser() {
  let cookie = "";
  return async function post<T = AccountActionData>(
    fields: Record<string, string | undefined>,
    options: { lang?: Lang } = {},
  ) {
    const result = await postForm<T>(register.action, "/register", fields, { ...options, cookie });
    const set = result.headers.getSetCookie().find((c) => c.startsWith(`${REGISTRATION_COOKIE}=`));
    if (set) cookie = set.split(";")[0];
    return result;
  };
}

describe(`registration by phone number (${test.kind})`, () => {
  it("texts a code, and creates the account, verified and signed in, once the code is typed", async () => {
    const post = browser();
    const before = await countUsers();
    const first = await post({ ...good("(954) 555-0170"), name: "Yamilé Ortega" }, { lang: "es" });
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ phoneCodeSentTo: { e164: "+19545550170", display: "(954) 555-0170" } });
    // Nothing is created before the number is shown to be the person's.
    expect(await countUsers()).toBe(before);
    const code = await latestCode("+19545550170");

    const wrong = await post<AccountActionData>({
      intent: "verify-code",
      phone: "+19545550170",
      code: wrongCode(code),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data?.fieldErrors).toEqual({ code: "auth:form.invalidCode" });
    expect(wrong.data?.phoneCodeSentTo?.e164).toBe("+19545550170");
    expect(await countUsers()).toBe(before);

    const done = await post({ intent: "verify-code", phone: "+19545550170", code });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/dashboard");
    const cookie = cookieHeader(done.headers);
    const signedIn = await userFromRequest(getRequest("/dashboard", { cookie }));
    expect(signedIn?.phoneNumber).toBe("+19545550170");
    expect(signedIn?.contact).toBe("(954) 555-0170");
    expect(signedIn?.role).toBe("customer");

    const [row] = await db().select().from(user).where(eq(user.phoneNumber, "+19545550170"));
    expect(row).toMatchObject({ name: "Yamilé Ortega", role: "customer", phoneNumberVerified: true, locale: "es" });
    expect(row.email).toMatch(/@no-email\.invalid$/);
    const [entry] = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.entityType, "user"), eq(activity.entityId, row.id)));
    expect(entry.action).toBe("created");
    expect(JSON.stringify(entry.changes)).not.toContain(STRONG_PASSWORD);
    expect(await db().select().from(verification).where(like(verification.identifier, "%+19545550170%"))).toEqual([]);

    // The password typed at registration signs in with the number, as ADR 009 says.
    const again = await postForm(login.action, "/login", { identifier: "954.555.0170", password: STRONG_PASSWORD });
    expect(again.status).toBe(302);
    // The code was spent.
    const replay = await post<AccountActionData>({
      intent: "verify-code",
      phone: "+19545550170",
      code,
    });
    expect(replay.data?.formError?.key).toBe("auth:register.codeExpired");
  });

  it("keeps a registration to the browser that started it: another one can neither replace it nor finish it", async () => {
    const person = browser();
    const stranger = browser();
    await person(good("(954) 555-0175"));
    // Someone else starts a registration with the same number and a password of their own.
    await stranger({
      ...good("(954) 555-0175"),
      password: "Another strong phrase 93",
      confirmPassword: "Another strong phrase 93",
    });
    const code = await latestCode("+19545550175");
    // The code typed in the stranger's browser would open the stranger's registration, not the person's;
    // typed in a browser that started none, it finishes nothing.
    const nobody = await postForm<AccountActionData>(register.action, "/register", {
      intent: "verify-code",
      phone: "+19545550175",
      code,
    });
    expect(nobody.data?.formError?.key).toBe("auth:register.codeExpired");
    const done = await person({ intent: "verify-code", phone: "+19545550175", code });
    expect(done.location).toBe("/dashboard");
    // The browser lets go of the finished registration's cookie.
    expect(done.headers.getSetCookie()).toContainEqual(
      expect.stringMatching(/^pending_registration=[^;]+; Path=\/; Max-Age=0;/),
    );
    // The person's password is the account's; the stranger's is not.
    const theirs = await postForm(login.action, "/login", { identifier: "9545550175", password: STRONG_PASSWORD });
    expect(theirs.status).toBe(302);
    const strangers = await postForm(login.action, "/login", {
      identifier: "9545550175",
      password: "Another strong phrase 93",
    });
    expect(strangers.status).not.toBe(302);
    expect(await db().select().from(verification).where(like(verification.identifier, "%+19545550175%"))).toEqual([]);
  });

  it("takes an international number with its country code", async () => {
    const post = browser();
    const result = await post<AccountActionData>(good("+34 612 34 56 78"));
    expect(result.data?.phoneCodeSentTo).toEqual({ e164: "+34612345678", display: "+34 612 34 56 78" });
    const code = await latestCode("+34612345678");
    const done = await post({ intent: "verify-code", phone: "+34612345678", code });
    expect(done.location).toBe("/dashboard");
  });

  it("answers a number that already has an account exactly as a new one, and opens nothing", async () => {
    const post = browser();
    const owner = await createTestUser({ email: "phone-owner@example.com", name: "Dueño" });
    await db()
      .update(user)
      .set({ phoneNumber: "+19545550171", phoneNumberVerified: true })
      .where(eq(user.id, owner.id));
    const [ownerCredential] = await db().select().from(account).where(eq(account.userId, owner.id));
    const before = await countUsers();

    const taken = await post<AccountActionData>(good("954-555-0171"));
    const fresh = await post<AccountActionData>(good("954-555-0172"));
    expect(taken.status).toBe(fresh.status);
    expect(taken.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
    expect(JSON.stringify(taken.data).replaceAll("0171", "NNNN")).toBe(
      JSON.stringify(fresh.data).replaceAll("0172", "NNNN"),
    );
    expect(await smsCount("+19545550171")).toBe(1);
    expect(await smsCount("+19545550172")).toBe(1);

    // A wrong code is refused in the same words for both.
    const codeTaken = await latestCode("+19545550171");
    const codeFresh = await latestCode("+19545550172");
    const wrongTaken = await post<AccountActionData>({
      intent: "verify-code",
      phone: "+19545550171",
      code: wrongCode(codeTaken),
    });
    const wrongFresh = await post<AccountActionData>({
      intent: "verify-code",
      phone: "+19545550172",
      code: wrongCode(codeFresh),
    });
    expect(wrongTaken.status).toBe(wrongFresh.status);
    expect(JSON.stringify(wrongTaken.data).replaceAll("0171", "NNNN")).toBe(
      JSON.stringify(wrongFresh.data).replaceAll("0172", "NNNN"),
    );

    // Only whoever holds the phone learns it has an account, and the code opens nothing.
    const right = await post<AccountActionData>({
      intent: "verify-code",
      phone: "+19545550171",
      code: codeTaken,
    });
    expect(right.status).toBe(400);
    expect(right.data?.formError).toEqual({
      key: "auth:register.phoneHasAccount",
      hint: "auth:register.phoneHasAccountHint",
    });
    expect(right.data?.phoneCodeSentTo).toBeUndefined();
    expect(right.headers.getSetCookie()).toEqual([]);
    expect(await countUsers()).toBe(before);
    const [ownerAfter] = await db().select().from(user).where(eq(user.id, owner.id));
    expect(ownerAfter.name).toBe("Dueño");
    expect((await db().select().from(account).where(eq(account.userId, owner.id)))[0].password).toBe(
      ownerCredential.password,
    );
  });

  it("sends a new code while the registration waits, and says when it has expired", async () => {
    const post = browser();
    await post(good("(954) 555-0173"));
    const firstCode = await latestCode("+19545550173");
    const resent = await post<AccountActionData>({
      intent: "resend-code",
      phone: "+19545550173",
    });
    expect(resent.data).toEqual({
      phoneCodeSentTo: { e164: "+19545550173", display: "(954) 555-0173" },
      done: "code-resent",
    });
    expect(await smsCount("+19545550173")).toBe(2);
    const secondCode = await latestCode("+19545550173");
    expect(secondCode).not.toBe(undefined);
    expect(firstCode).toMatch(/^\d{6}$/);

    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, "phone-registration-+19545550173:%"));
    const late = await post<AccountActionData>({
      intent: "verify-code",
      phone: "+19545550173",
      code: secondCode,
    });
    expect(late.data?.formError?.key).toBe("auth:register.codeExpired");
    expect(late.data?.phoneCodeSentTo).toBeUndefined();
    const resendLate = await post<AccountActionData>({
      intent: "resend-code",
      phone: "+19545550173",
    });
    expect(resendLate.data?.formError?.key).toBe("auth:register.codeExpired");
    expect(await db().select().from(user).where(eq(user.phoneNumber, "+19545550173"))).toEqual([]);
  });

  it("refuses a number that is not a real one, in English and in Spanish, and texts nothing", async () => {
    const post = browser();
    const messages = { en: "", es: "" };
    for (const lang of ["en", "es"] as const) {
      for (const typed of ["555-0142", "(123) 456-7890", "020 7946 0958", "+99 1234 5678"]) {
        const result = await post<AccountActionData>(good(typed), { lang });
        expect(result.status, typed).toBe(400);
        expect(result.data?.fieldErrors?.identifier, typed).toBe("auth:form.invalidPhone");
      }
      messages[lang] = createI18n(lang).t("auth:form.invalidPhone");
    }
    expect(messages.en).toBe("Invalid phone number. Example: (954) 555-0142, or +34 612 345 678 outside the US");
    expect(messages.es).toMatch(/^Número de teléfono no válido/);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, "+15550142"))).toEqual([]);
  });

  it("refuses a code form that names no number, or a malformed code, without touching anything", async () => {
    const post = browser();
    const noPhone = await post<AccountActionData>({
      intent: "verify-code",
      phone: "<script>",
      code: "123456",
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.data?.formError?.key).toBe("auth:register.codeExpired");
    const badCode = await post<AccountActionData>({
      intent: "verify-code",
      phone: "+19545550174",
      code: "12ab",
    });
    expect(badCode.data?.fieldErrors?.code).toBe("auth:form.codeFormat");
    expect(badCode.data?.phoneCodeSentTo?.e164).toBe("+19545550174");
  });
});
