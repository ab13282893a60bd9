import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { activity, mailOutbox, user } from "../../app/db/schema";
import * as register from "../../app/routes/register";
import type { AccountActionData } from "../../app/features/account/schema";
import {
  STRONG_PASSWORD,
  createTestUser,
  load,
  postForm,
  signInCookie,
  userFromRequest,
  getRequest,
} from "../support/route-context";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

const good = (email: string) => ({
  name: "Lucía Gómez",
  email,
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
});

async function countUsers() {
  return (await db().select({ id: user.id }).from(user)).length;
}

describe(`registration (${test.kind})`, () => {
  it("creates a customer, signs them in and goes to the dashboard", async () => {
    const result = await postForm(register.action, "/register", { ...good("Lucia@Example.com"), role: "admin" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard");
    const cookies = result.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("better-auth.session_token="))).toBe(true);

    const [row] = await db().select().from(user).where(eq(user.email, "lucia@example.com"));
    expect(row.role).toBe("customer");
    expect(row.name).toBe("Lucía Gómez");
    expect(row.locale).toBe("en");

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

  it("remembers the language the person registered in", async () => {
    const result = await postForm(register.action, "/register", good("espanol@example.com"), { lang: "es" });
    expect(result.status).toBe(302);
    const [row] = await db().select().from(user).where(eq(user.email, "espanol@example.com"));
    expect(row.locale).toBe("es");
  });

  it("answers the specification's form messages and creates nothing", async () => {
    const before = await countUsers();
    const empty = await postForm<AccountActionData>(register.action, "/register", {
      name: "",
      email: "",
      password: "",
      confirmPassword: "",
    });
    expect(empty.status).toBe(400);
    expect(empty.data?.fieldErrors).toEqual({
      name: "auth:form.nameRequired",
      email: "auth:form.emailRequired",
      password: "auth:form.passwordRequired",
    });

    const wrong = await postForm<AccountActionData>(register.action, "/register", {
      name: "Ana",
      email: "ana-at-example.com",
      password: "short",
      confirmPassword: "other",
    });
    expect(wrong.data?.fieldErrors).toEqual({
      email: "auth:form.invalidEmail",
      password: "auth:form.passwordTooShort",
      confirmPassword: "auth:form.passwordsDoNotMatch",
    });
    expect(wrong.data?.values).toEqual({ name: "Ana", email: "ana-at-example.com", phone: "" });
    expect(await countUsers()).toBe(before);
  });

  it("refuses hostile input with clear messages and changes nothing", async () => {
    const before = await countUsers();
    const cases: Array<[Record<string, string | string[]>, string, string]> = [
      [{ name: "<script>alert(1)</script>" }, "name", "auth:form.nameInvalid"],
      [{ name: "x".repeat(10_000) }, "name", "auth:form.nameTooLong"],
      [{ email: `${"a".repeat(10_000)}@example.com` }, "email", "auth:form.emailTooLong"],
      [{ email: 'x@y.co\'; DROP TABLE "user"; --' }, "email", "auth:form.invalidEmail"],
      [{ email: ["one@example.com", "two@example.com"] }, "email", "auth:form.invalidValue"],
      [{ password: "p".repeat(10_000), confirmPassword: "p".repeat(10_000) }, "password", "auth:form.passwordTooLong"],
      [{ phone: "1' OR '1'='1" }, "phone", "auth:form.invalidPhone"],
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

  it("says clearly when the email is already taken", async () => {
    await createTestUser({ email: "taken@example.com" });
    const before = await countUsers();
    const result = await postForm<AccountActionData>(register.action, "/register", good("Taken@Example.com"));
    expect(result.status).toBe(400);
    expect(result.data?.fieldErrors?.email).toBe("auth:form.emailTaken");
    expect(await countUsers()).toBe(before);
  });

  it("with a phone number, sends a code by SMS and opens the code form on the profile", async () => {
    const result = await postForm(register.action, "/register", {
      ...good("phone-reg@example.com"),
      phone: "(954) 555-0170",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/profile?verifyPhone=%2B19545550170");
    const [sms] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, "+19545550170"))
      .orderBy(desc(mailOutbox.id));
    expect(sms.channel).toBe("sms");
    expect(sms.body).toMatch(/\b\d{6}\b/);
    // Not the account's number until the code is typed in.
    const [row] = await db().select().from(user).where(eq(user.email, "phone-reg@example.com"));
    expect(row.phoneNumber).toBeNull();
  });

  it("refuses a phone number that belongs to someone else", async () => {
    const owner = await createTestUser({ email: "phone-owner@example.com" });
    await db()
      .update(user)
      .set({ phoneNumber: "+19545550171", phoneNumberVerified: true })
      .where(eq(user.id, owner.id));
    const result = await postForm<AccountActionData>(register.action, "/register", {
      ...good("phone-thief@example.com"),
      phone: "954-555-0171",
    });
    expect(result.data?.fieldErrors?.phone).toBe("auth:form.phoneTaken");
    expect(await db().select().from(user).where(eq(user.email, "phone-thief@example.com"))).toHaveLength(0);
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
    expect(other.status).toBe(302);
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
