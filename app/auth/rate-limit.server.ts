import { lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimit } from "~/db/schema";

export const rateLimits = {
  "sign-in": { max: 10, windowMs: 60_000 },
  register: { max: 5, windowMs: 10 * 60_000 },
  "password-reset": { max: 5, windowMs: 10 * 60_000 },
  "phone-code": { max: 5, windowMs: 10 * 60_000 },
  "email-code": { max: 5, windowMs: 10 * 60_000 },
  contact: { max: 5, windowMs: 10 * 60_000 },
} as const;

export type RateLimitName = keyof typeof rateLimits;

/**
 * Counts one attempt for this action and address in a window kept in the database, so every app
 * instance shares it. The window opens at the first attempt after the last one closed, not on the
 * clock's minute, so the attempts it counts and the wait it announces follow what this address
 * did: a run of attempts is not split in two by the minute. Returns whether the attempt is
 * allowed and how long until the window closes.
 */
export async function consumeRateLimit(name: RateLimitName, clientIp: string, now = Date.now()) {
  const { max, windowMs } = rateLimits[name];
  const key = `${name}:${clientIp}`;
  const open = sql`${rateLimit.windowStart} > ${now - windowMs}`;
  const [row] = await db()
    .insert(rateLimit)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${open} then ${rateLimit.count} + 1 else 1 end`,
        windowStart: sql`case when ${open} then ${rateLimit.windowStart} else ${now} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.windowStart });
  return {
    allowed: row.count <= max,
    retryAfterSeconds: Math.ceil((row.windowStart + windowMs - now) / 1000),
  };
}

/** Removes counters whose window started more than a day ago (every window is far shorter); returns how many. */
export async function pruneRateLimits(now = Date.now()) {
  const removed = await db()
    .delete(rateLimit)
    .where(lt(rateLimit.windowStart, now - 24 * 60 * 60_000))
    .returning({ key: rateLimit.key });
  return removed.length;
}
