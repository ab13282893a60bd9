import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { activity, mailOutbox, verification } from "../../app/db/schema";
import { RESET_ANSWER_MS } from "../../app/features/account/password-reset.server";
import type { AccountActionData } from "../../app/features/account/schema";
import * as forgot from "../../app/routes/forgot-password";
import * as login from "../../app/routes/login";
import * as reset from "../../app/routes/reset-password";
import { createTestUser, getRequest, load, postForm, signInCookie, userFromRequest } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

const NEW_PASSWORD = "Papaya ladders sing 82";

async function latestMailTo(recipient: string) {
  const [row] = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, recipient), eq(mailOutbox.kind, "password-reset")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

/** The token of the reset link in a message, as the person would click it. */
function linkToken(body: string) {
  const match = body.match(/\/reset-password\?token=([^\s]+)/);
  if (!match) throw new Error(`no reset link in: ${body}`);
  return new URL(`http://x/reset-password?token=${match[1]}`).searchParams.get("token") ?? "";
}

async function requestLink(email: string, lang: "en" | "es" = "en") {
  const result = await postForm<AccountActionData>(forgot.action, "/forgot-password", { email }, { lang });
  expect(result.data?.done).toBe("sent");
  return latestMailTo(email.toLowerCase());
}

describe(`forgot and reset password (${test.kind})`, () => {
  it("writes a reset link to the outbox and lets the person choose a new password once", async () => {
    const account = await createTestUser({ email: "forgetful@example.com" });
    const otherSession = await signInCookie(account.email, account.password);
    const mail = await requestLink("Forgetful@Example.com");
    expect(mail.channel).toBe("email");
    expect(mail.subject).toMatch(/Reset your .* password/);
    const token = linkToken(mail.body);

    const page = await load<{ token: string | null }>(
      reset.loader,
      `/reset-password?token=${encodeURIComponent(token)}`,
    );
    expect(page.data?.token).toBe(token);

    const done = await postForm(reset.action, "/reset-password", {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/login?notice=reset");

    // The old password no longer works, the new one does, and existing sessions ended.
    const old = await postForm<AccountActionData>(login.action, "/login", {
      identifier: account.email,
      password: account.password,
    });
    expect(old.data?.formError?.key).toBe("auth:errors.incorrectCredentials");
    const fresh = await postForm(login.action, "/login", { identifier: account.email, password: NEW_PASSWORD });
    expect(fresh.status).toBe(302);
    expect(await userFromRequest(getRequest("/", { cookie: otherSession }))).toBeNull();

    // Single use: the same link fails the second time, on the page and in the action.
    const again = await load<{ token: string | null }>(
      reset.loader,
      `/reset-password?token=${encodeURIComponent(token)}`,
    );
    expect(again.data?.token).toBeNull();
    const second = await postForm<AccountActionData>(reset.action, "/reset-password", {
      token,
      password: "Another fine passphrase 9",
      confirmPassword: "Another fine passphrase 9",
    });
    expect(second.data?.invalidToken).toBe(true);

    const entries = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.entityId, account.id), eq(activity.action, "updated")));
    expect(entries.map((e) => e.summary)).toContain("password reset");
    expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD);
  });

  it("writes the link in the requester's language", async () => {
    await createTestUser({ email: "hispanohablante@example.com" });
    const mail = await requestLink("hispanohablante@example.com", "es");
    expect(mail.subject).toMatch(/^Restablezca su contraseña/);
    expect(mail.body).toMatch(/^Hola /);
  });

  it("answers the same neutral message for an unknown address and sends nothing", async () => {
    const before = (await db().select().from(mailOutbox)).length;
    const result = await postForm<AccountActionData>(forgot.action, "/forgot-password", {
      email: "stranger@example.com",
    });
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ done: "sent" });
    expect((await db().select().from(mailOutbox)).length).toBe(before);
  });

  it("answers a known and an unknown address no sooner than the same floor", async () => {
    await createTestUser({ email: "timed@example.com" });
    for (const email of ["timed@example.com", "untimed@example.com"]) {
      const started = performance.now();
      const result = await postForm<AccountActionData>(forgot.action, "/forgot-password", { email });
      expect(result.data).toEqual({ done: "sent" });
      expect(performance.now() - started).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 1);
    }
  });

  it("validates the address", async () => {
    const empty = await postForm<AccountActionData>(forgot.action, "/forgot-password", { email: "" });
    expect(empty.data?.fieldErrors?.email).toBe("auth:form.emailRequired");
    const bad = await postForm<AccountActionData>(forgot.action, "/forgot-password", { email: "<script>" });
    expect(bad.data?.fieldErrors?.email).toBe("auth:form.invalidEmail");
  });

  it("refuses an expired link", async () => {
    const account = await createTestUser();
    const token = linkToken((await requestLink(account.email)).body);
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const page = await load<{ token: string | null }>(reset.loader, `/reset-password?token=${token}`);
    expect(page.data?.token).toBeNull();
    const result = await postForm<AccountActionData>(reset.action, "/reset-password", {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(result.data?.invalidToken).toBe(true);
    const stillOld = await postForm(login.action, "/login", { identifier: account.email, password: account.password });
    expect(stillOld.status).toBe(302);
  });

  it("refuses made-up and hostile tokens", async () => {
    for (const token of ["", "nope", "<script>alert(1)</script>", "x".repeat(10_000)]) {
      const page = await load<{ token: string | null }>(
        reset.loader,
        `/reset-password?token=${encodeURIComponent(token)}`,
      );
      expect(page.data?.token).toBeNull();
      const result = await postForm<AccountActionData>(reset.action, "/reset-password", {
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(result.data?.invalidToken).toBe(true);
    }
  });

  it("applies the password rules, zxcvbn included, and keeps the link usable", async () => {
    const account = await createTestUser({ name: "Quentin Marlowe" });
    const token = linkToken((await requestLink(account.email)).body);
    const mismatch = await postForm<AccountActionData>(reset.action, "/reset-password", {
      token,
      password: NEW_PASSWORD,
      confirmPassword: "something else",
    });
    expect(mismatch.data?.fieldErrors?.confirmPassword).toBe("auth:form.passwordsDoNotMatch");
    const short = await postForm<AccountActionData>(reset.action, "/reset-password", {
      token,
      password: "abc",
      confirmPassword: "abc",
    });
    expect(short.data?.fieldErrors?.password).toBe("auth:form.passwordTooShort");
    const weak = await postForm<AccountActionData>(
      reset.action,
      "/reset-password",
      { token, password: "qwertyuiop", confirmPassword: "qwertyuiop" },
      { lang: "es" },
    );
    expect(weak.data?.fieldErrors?.password).toBe("auth:form.passwordWeak");
    expect(weak.data?.passwordFeedback?.warning).toBe("Es una contraseña usada con mucha frecuencia.");
    const ok = await postForm(reset.action, "/reset-password", {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(ok.location).toBe("/login?notice=reset");
  });

  it("answers 429 over the limit and sends nothing", async () => {
    const account = await createTestUser();
    const clientIp = "192.0.2.44";
    for (let i = 0; i < 5; i++) {
      await postForm(forgot.action, "/forgot-password", { email: "nobody@example.com" }, { clientIp });
    }
    const limited = await postForm<AccountActionData>(
      forgot.action,
      "/forgot-password",
      { email: account.email },
      { clientIp },
    );
    expect(limited.status).toBe(429);
    expect(limited.data?.formError?.key).toBe("general:errors.rateLimited");
    expect(await latestMailTo(account.email)).toBeUndefined();
    const tokens = await db().select().from(verification).where(like(verification.identifier, "reset-password:%"));
    expect(tokens.every((t) => t.value !== account.id)).toBe(true);
  });
});
