import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auth, SESSION_MAX_AGE_SECONDS } from "../../app/auth/auth.server";
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
  const result = await auth().api.getSession({
    headers: getRequest("/dashboard", { cookie }).headers,
    returnHeaders: true,
  });
  return { user: result.response?.user, setCookies: result.headers?.getSetCookie?.() ?? [] };
}

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
