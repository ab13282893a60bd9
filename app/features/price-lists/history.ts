import { z } from "zod";
import type { PriceSource } from "./internal.server";

/** The most changes one history answer holds, newest first; the dialog says when there are more. */
export const HISTORY_LIMIT = 200;

/** Where a product's price history in one list is served (app/routes/price-history.ts). */
export function priceHistoryPath(listSlug: string, productId: string) {
  return `/prices-manage/${encodeURIComponent(listSlug)}/history/${encodeURIComponent(productId)}`;
}

/** Every source a history row may name, in the order people read them; anything else is "other". */
export const historySources = [
  "initial",
  "screen",
  "bulk",
  "reapply",
  "restore",
  "create",
  "add",
  "remove",
  "import",
  "assistant",
] as const satisfies readonly PriceSource[];

export type HistorySource = (typeof historySources)[number] | "other";

export function historySourceOf(source: string): HistorySource {
  return (historySources as readonly string[]).includes(source) ? (source as HistorySource) : "other";
}

const cents = z.number().int().nullable();

export const priceHistoryEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  oldCents: cents,
  newCents: cents,
  source: z.string(),
  author: z.string().nullable(),
});
export type PriceHistoryEntry = z.infer<typeof priceHistoryEntry>;

/** What the history route answers; the browser checks it against this before showing anything. */
export const priceHistoryAnswer = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    list: z.object({ slug: z.string(), name: z.string() }),
    product: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
    /** Newest first, at most `limit`. */
    entries: z.array(priceHistoryEntry),
    /** Every change of this product in this list, shown or not. */
    total: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
  }),
  z.object({
    ok: z.literal(false),
    error: z.enum(["notFound", "fetchError"]),
    message: z.string(),
    reference: z.string().optional(),
  }),
]);
export type PriceHistoryAnswer = z.infer<typeof priceHistoryAnswer>;
export type PriceHistory = Extract<PriceHistoryAnswer, { ok: true }>;

/**
 * A change as an amount in cents and as a fraction of the old price (0.05 = 5 %); null parts when
 * a side has no price, and no fraction from a price of zero.
 */
export function priceChange(oldCents: number | null, newCents: number | null) {
  if (oldCents === null || newCents === null) return null;
  return { cents: newCents - oldCents, ratio: oldCents > 0 ? (newCents - oldCents) / oldCents : null };
}

/**
 * The price over time as the chart draws it, oldest first: each change holds until the next one,
 * and the last one until `now`. A null price (the item left the list, or had no price) is a gap.
 */
export function priceSteps(entries: readonly PriceHistoryEntry[], now: Date) {
  const ordered = [...entries].reverse();
  const times = ordered.map((e) => Date.parse(e.at) / 1000);
  const prices = ordered.map((e) => (e.newCents === null ? null : e.newCents / 100));
  const last = times.at(-1);
  if (last !== undefined) {
    times.push(Math.max(last, now.getTime() / 1000));
    prices.push(prices.at(-1) ?? null);
  }
  return { times, prices };
}
