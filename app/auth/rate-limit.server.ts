import { lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimit } from "~/db/schema";

export const rateLimits = {
  "sign-in": { max: 10, windowMs: 60_000 },
  register: { max: 5, windowMs: 10 * 60_000 },
  "password-reset": { max: 5, windowMs: 10 * 60_000 },
  "phone-code": { max: 5, windowMs: 10 * 60_000 },
  contact: { max: 5, windowMs: 10 * 60_000 },
} as const;

export type RateLimitName = keyof typeof rateLimits;

/**
 * Counts one attempt for this action and address in a fixed window kept in the database,
 * so every app instance shares it. Returns whether the attempt is allowed.
 */
export async function consumeRateLimit(name: RateLimitName, clientIp: string, now = Date.now()) {
  const { max, windowMs } = rateLimits[name];
  const windowStart = now - (now % windowMs);
  const key = `${name}:${clientIp}`;
  const [row] = await db()
    .insert(rateLimit)
    .values({ key, count: 1, windowStart })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.windowStart} = ${windowStart} then ${rateLimit.count} + 1 else 1 end`,
        windowStart,
      },
    })
    .returning({ count: rateLimit.count });
  return { allowed: row.count <= max, retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000) };
}

/** Removes counters whose window started more than a day ago (every window is far shorter); returns how many. */
export async function pruneRateLimits(now = Date.now()) {
  const removed = await db()
    .delete(rateLimit)
    .where(lt(rateLimit.windowStart, now - 24 * 60 * 60_000))
    .returning({ key: rateLimit.key });
  return removed.length;
}
