import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auth } from "../../app/auth/auth.server";
import { db } from "../../app/db/client.server";
import { session, user } from "../../app/db/schema";
import type { AccountActionData } from "../../app/features/account/schema";
import { signOutUser } from "../../app/features/account/sign-out.server";
import * as login from "../../app/routes/login";
import * as logout from "../../app/routes/logout";
import {
  cookieHeader,
  createTestUser,
  formRequest,
  getRequest,
  load,
  postForm,
  signInCookie,
  userFromRequest,
} from "../support/route-context";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

describe(`sign-in (${test.kind})`, () => {
  it("signs in with the email and goes to the dashboard with the session cookie", async () => {
    const account = await createTestUser({ email: "buyer@example.com" });
    const result = await postForm(login.action, "/login", {
      identifier: " Buyer@Example.com ",
      password: account.password,
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard");
    const cookie = cookieHeader(result.headers);
    expect(cookie).toMatch(/better-auth\.session_token=/);
    expect((await userFromRequest(getRequest("/", { cookie })))?.email).toBe("buyer@example.com");

    const [row] = await db().select().from(user).where(eq(user.id, account.id));
    expect(row.lastSignInAt).toBeInstanceOf(Date);
  });

  it("comes back to the page the visitor started from, and only to this site", async () => {
    const account = await createTestUser();
    const back = await postForm(login.action, "/login", {
      identifier: account.email,
      password: account.password,
      redirectTo: "/pricesprivate?list=2",
    });
    expect(back.location).toBe("/pricesprivate?list=2");
    for (const hostile of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const result = await postForm(login.action, "/login", {
        identifier: account.email,
        password: account.password,
        redirectTo: hostile,
      });
      expect(result.location, hostile).toBe("/dashboard");
    }
  });

  it("keeps the origin from the anonymous-redirect rule in the page", async () => {
    const page = await load<{ redirectTo: string }>(login.loader, "/login?redirectTo=%2Fprofile");
    expect(page.data?.redirectTo).toBe("/profile");
    const hostile = await load<{ redirectTo: string }>(login.loader, "/login?redirectTo=https%3A%2F%2Fevil.example");
    expect(hostile.data?.redirectTo).toBe("");
  });

  it("answers 'Incorrect credentials' with a hint for a wrong password or an unknown account", async () => {
    const account = await createTestUser();
    for (const fields of [
      { identifier: account.email, password: "not the password" },
      { identifier: "nobody@example.com", password: "whatever123" },
      { identifier: "(954) 555-0199", password: "whatever123" },
    ]) {
      const result = await postForm<AccountActionData>(login.action, "/login", fields);
      expect(result.status).toBe(400);
      expect(result.data?.formError).toEqual({
        key: "auth:errors.incorrectCredentials",
        hint: "auth:errors.incorrectCredentialsHint",
      });
      expect(result.headers.getSetCookie()).toHaveLength(0);
    }
  });

  it("validates the form before asking anyone", async () => {
    const empty = await postForm<AccountActionData>(login.action, "/login", { identifier: "", password: "" });
    expect(empty.data?.fieldErrors).toEqual({
      identifier: "auth:form.identifierRequired",
      password: "auth:form.passwordRequired",
    });
    const hostile = await postForm<AccountActionData>(login.action, "/login", {
      identifier: "<script>alert(1)</script>",
      password: ["a", "b"],
    });
    expect(hostile.data?.fieldErrors).toEqual({
      identifier: "auth:form.invalidIdentifier",
      password: "auth:form.invalidValue",
    });
    const huge = await postForm<AccountActionData>(login.action, "/login", {
      identifier: "a".repeat(10_000),
      password: "x",
    });
    expect(huge.data?.fieldErrors?.identifier).toBe("auth:form.emailTooLong");
    expect(huge.data?.values?.identifier.length).toBeLessThanOrEqual(254);
  });

  it("answers a disabled account's right password exactly as a wrong one", async () => {
    const account = await createTestUser();
    await db().update(user).set({ banned: true }).where(eq(user.id, account.id));
    const right = await postForm<AccountActionData>(login.action, "/login", {
      identifier: account.email,
      password: account.password,
    });
    const wrong = await postForm<AccountActionData>(login.action, "/login", {
      identifier: account.email,
      password: `${account.password}-not`,
    });
    expect(right.status).toBe(wrong.status);
    expect(right.data).toEqual(wrong.data);
    expect(right.data?.formError?.key).toBe("auth:errors.incorrectCredentials");
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  it("signs in with a verified phone number in any common format", async () => {
    const account = await createTestUser();
    await db()
      .update(user)
      .set({ phoneNumber: "+19545550142", phoneNumberVerified: true })
      .where(eq(user.id, account.id));
    for (const identifier of ["(954) 555-0142", "+1 954 555 0142", "954.555.0142"]) {
      const result = await postForm(login.action, "/login", { identifier, password: account.password });
      expect(result.status, identifier).toBe(302);
      const cookie = cookieHeader(result.headers);
      expect((await userFromRequest(getRequest("/", { cookie })))?.id).toBe(account.id);
    }
  });

  it("does not sign in with a number that was never verified", async () => {
    const account = await createTestUser();
    await db()
      .update(user)
      .set({ phoneNumber: "+19545550143", phoneNumberVerified: false })
      .where(eq(user.id, account.id));
    const result = await postForm<AccountActionData>(login.action, "/login", {
      identifier: "9545550143",
      password: account.password,
    });
    expect(result.data?.formError?.key).toBe("auth:errors.incorrectCredentials");
  });

  it("answers 429 over the limit and does nothing, even with the right password", async () => {
    const account = await createTestUser();
    const clientIp = "198.51.100.20";
    for (let i = 0; i < 10; i++) {
      const result = await postForm(
        login.action,
        "/login",
        { identifier: account.email, password: "wrong-password" },
        { clientIp },
      );
      expect(result.status).toBe(400);
    }
    const sessionsBefore = (await db().select().from(session).where(eq(session.userId, account.id))).length;
    const limited = await postForm<AccountActionData>(
      login.action,
      "/login",
      { identifier: account.email, password: account.password },
      { clientIp },
    );
    expect(limited.status).toBe(429);
    expect(limited.data?.formError).toMatchObject({ key: "general:errors.rateLimited" });
    expect(limited.headers.getSetCookie()).toHaveLength(0);
    expect((await db().select().from(session).where(eq(session.userId, account.id))).length).toBe(sessionsBefore);
  });

  it("sends signed-in visitors to the dashboard", async () => {
    const account = await createTestUser();
    const cookie = await signInCookie(account.email, account.password);
    const result = await load(login.loader, "/login?redirectTo=%2Fprofile", { cookie });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard");
  });
});

describe(`sign-out (${test.kind})`, () => {
  it("ends the session, clears the cookie and goes to /login", async () => {
    const account = await createTestUser();
    const cookie = await signInCookie(account.email, account.password);
    const result = await postForm(logout.action, "/logout", {}, { cookie });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login");
    expect(
      result.headers.getSetCookie().some((c) => /better-auth\.session_token=;/.test(c) && /Max-Age=0/i.test(c)),
    ).toBe(true);
    expect(await userFromRequest(getRequest("/", { cookie }))).toBeNull();
  });

  it("redirects a GET to the home page", async () => {
    const result = await load(logout.loader, "/logout");
    expect(result.location).toBe("/");
  });

  it("when sign-out fails, the person stays signed in and the page says so", async () => {
    const account = await createTestUser();
    const cookie = await signInCookie(account.email, account.password);
    const request = formRequest("/logout", {}, { cookie });
    const result = await signOutUser(request, async () => {
      throw new Error("database unavailable");
    });
    expect(result.ok).toBe(false);
    expect((await userFromRequest(getRequest("/", { cookie })))?.id).toBe(account.id);

    const real = await signOutUser(request);
    expect(real.ok).toBe(true);
    expect(await auth().api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });
});
