import { describe, expect, it } from "vitest";
import { consumeRateLimit, rateLimits } from "../../app/auth/rate-limit.server";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

const { max, windowMs } = rateLimits["sign-in"];

/** One attempt from the address at each of the given times, with what each was answered. */
async function attempts(clientIp: string, times: number[]) {
  const results = [];
  for (const at of times) results.push(await consumeRateLimit("sign-in", clientIp, at));
  return results;
}

describe(`rate limits (${test.kind})`, () => {
  it("allows the limit within a window and refuses the next attempt, saying when to try again", async () => {
    const start = Date.parse("2026-11-24T08:00:10Z");
    const results = await attempts(
      "198.51.100.30",
      Array.from({ length: max + 1 }, (_, i) => start + i * 1000),
    );
    expect(results.slice(0, max).every((r) => r.allowed)).toBe(true);
    expect(results[max].allowed).toBe(false);
    // The window opened at the first attempt and closes windowMs later.
    expect(results[max].retryAfterSeconds).toBe(Math.ceil((windowMs - max * 1000) / 1000));
  });

  it("counts a burst that straddles the clock's minute in one window", async () => {
    // Half the attempts just before a minute begins and half just after: with windows aligned to
    // the clock this burst would have been allowed twice over.
    const edge = Date.parse("2026-11-24T08:01:00Z");
    const times = Array.from({ length: max * 2 }, (_, i) => edge - max * 100 + i * 100);
    const results = await attempts("198.51.100.31", times);
    expect(results.filter((r) => r.allowed)).toHaveLength(max);
  });

  it("opens a new window once the last one has closed, and keeps each address apart", async () => {
    const start = Date.parse("2026-11-24T09:00:00Z");
    await attempts(
      "198.51.100.32",
      Array.from({ length: max + 1 }, () => start),
    );
    expect((await consumeRateLimit("sign-in", "198.51.100.33", start)).allowed).toBe(true);
    expect((await consumeRateLimit("sign-in", "198.51.100.32", start + windowMs - 1)).allowed).toBe(false);
    const reopened = await consumeRateLimit("sign-in", "198.51.100.32", start + windowMs);
    expect(reopened).toEqual({ allowed: true, retryAfterSeconds: windowMs / 1000 });
  });
});
