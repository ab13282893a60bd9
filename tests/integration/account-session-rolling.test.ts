import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auth, SESSION_MAX_AGE_SECONDS } from "../../app/auth/auth.server";
import { readCookie, resolveSession } from "../../app/auth/session.server";
import { db } from "../../app/db/client.server";
import { session } from "../../app/db/schema";
import { createTestUser, getRequest, signInCookie } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

const day = 24 * 60 * 60 * 1000;
const week = SESSION_MAX_AGE_SECONDS * 1000;

/** A signed-in user whose only session was last refreshed `ago` milliseconds before now. */
async function sessionRefreshed(ago: number) {
  const account = await createTestUser();
  const cookie = await signInCookie(account.email, account.password);
  // The cookie holds the session's token and its signature.
  const token = decodeURIComponent(cookie.match(/better-auth\.session_token=([^;]+)/)![1]).split(".")[0];
  const refreshedAt = new Date(Date.now() - ago);
  await db()
    .update(session)
    .set({ expiresAt: new Date(refreshedAt.getTime() + week), updatedAt: refreshedAt })
    .where(eq(session.token, token));
  const [before] = await db().select().from(session).where(eq(session.token, token));
  return { account, cookie, before, row: () => db().select().from(session).where(eq(session.token, token)) };
}

/** Uses the session as the session middleware does on every request. */
async function use(cookie: string) {
  const { user, setCookies } = await resolveSession(getRequest("/dashboard", { cookie }).headers);
  return { user: user ?? undefined, setCookies };
}

/** What Better Auth itself says of the same cookie: the authority the session check must agree with. */
async function betterAuthSays(cookie: string) {
  const result = await auth().api.getSession({ headers: getRequest("/dashboard", { cookie }).headers });
  return result?.user.id;
}

const withToken = (cookie: string, change: (value: string) => string) =>
  cookie.replace(/(better-auth\.session_token=)([^;]+)/, (_m, name: string, value: string) => name + change(value));

describe(`rolling session (${test.kind})`, () => {
  it("lasts 7 days and is pushed out to 7 days from now when used more than a day after its last refresh", async () => {
    const { account, cookie, before, row } = await sessionRefreshed(day + 60_000);
    expect(before.expiresAt.getTime()).toBeLessThan(Date.now() + week - day);

    const start = Date.now();
    const used = await use(cookie);
    expect(used.user?.id).toBe(account.id);
    const [after] = await row();
    expect(after.expiresAt.getTime()).toBeGreaterThanOrEqual(start + week - 1000);
    expect(after.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + week + 1000);
    // The browser's cookie is renewed for the same 7 days.
    const renewed = used.setCookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(renewed).toMatch(new RegExp(`Max-Age=${SESSION_MAX_AGE_SECONDS}`, "i"));
  });

  it("is not rewritten when used within a day of its last refresh", async () => {
    const { account, cookie, before, row } = await sessionRefreshed(day - 60 * 60 * 1000);
    const used = await use(cookie);
    expect(used.user?.id).toBe(account.id);
    const [after] = await row();
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
    expect(used.setCookies.filter((c) => c.startsWith("better-auth.session_token="))).toEqual([]);
  });

  it("ends when its 7 days pass without use", async () => {
    const { cookie } = await sessionRefreshed(week + 60_000);
    expect((await use(cookie)).user).toBeUndefined();
  });
});

describe(`session check (${test.kind})`, () => {
  it("knows the user of a valid session, as Better Auth does, and writes nothing", async () => {
    const { account, cookie, before, row } = await sessionRefreshed(60_000);
    const used = await use(cookie);
    expect(used.user).toMatchObject({ id: account.id, email: account.email, role: "customer" });
    expect(await betterAuthSays(cookie)).toBe(account.id);
    expect(used.setCookies).toEqual([]);
    expect((await row())[0]).toEqual(before);
  });

  it("knows nobody from a cookie whose token or signature was changed", async () => {
    const { cookie } = await sessionRefreshed(60_000);
    const tampered = [
      withToken(cookie, (v) => v.replace(/^./, (c) => (c === "A" ? "B" : "A"))),
      // The signature's first character: its last one carries bits that base64 decoding drops, so
      // some changes there leave the signature as it was.
      withToken(cookie, (v) => v.replace(/\.(.)/, (_m, c: string) => "." + (c === "A" ? "B" : "A"))),
      withToken(cookie, (v) => decodeURIComponent(v).split(".")[0]),
      withToken(cookie, () => "%E0%A4%A"),
    ];
    for (const c of tampered) {
      expect(await betterAuthSays(c)).toBeUndefined();
      await expect(use(c).then((u) => u.user)).resolves.toBeUndefined();
    }
  });

  it("knows nobody once the session is revoked, on the very next request", async () => {
    const { cookie, before } = await sessionRefreshed(60_000);
    expect((await use(cookie)).user).toBeDefined();
    await db().delete(session).where(eq(session.id, before.id));
    expect((await use(cookie)).user).toBeUndefined();
  });

  it("leaves a session signed with another secret to Better Auth, which refuses it", async () => {
    const { cookie } = await sessionRefreshed(60_000);
    const token = decodeURIComponent(cookie.match(/better-auth\.session_token=([^;]+)/)![1]).split(".")[0];
    const { createHmac } = await import("node:crypto");
    const forged = `${token}.${createHmac("sha256", "not-the-secret").update(token).digest("base64")}`;
    expect((await use(withToken(cookie, () => encodeURIComponent(forged)))).user).toBeUndefined();
  });

  it("counts a cookie value with a malformed escape as no cookie, the language's included", () => {
    expect(readCookie("lang=%E0%A4%A; theme=dark", "lang")).toBeUndefined();
    expect(readCookie("lang=%E0%A4%A; theme=dark", "theme")).toBe("dark");
  });
});
