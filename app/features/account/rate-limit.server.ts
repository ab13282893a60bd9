import { data } from "react-router";
import { getRequestInfo } from "~/auth/guards.server";
import { consumeRateLimit, type RateLimitName } from "~/auth/rate-limit.server";
import type { FormMessage } from "./schema";

type Ctx = Parameters<typeof getRequestInfo>[0];

/**
 * Counts this attempt against the client's address. Over the limit it returns the 429 answer the
 * action sends as is, before it checks the form or does anything else; `answer` is what else it
 * says, such as which of a page's forms was refused.
 */
export async function limitAttempt<A extends object = object>(name: RateLimitName, context: Ctx, answer?: A) {
  const { clientIp } = getRequestInfo(context);
  const { allowed, retryAfterSeconds } = await consumeRateLimit(name, clientIp);
  if (allowed) return null;
  const formError: FormMessage = { key: "general:errors.rateLimited", params: { seconds: retryAfterSeconds } };
  return data({ ...answer, formError }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}
