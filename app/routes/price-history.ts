import { z } from "zod";
import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import type { PriceHistoryAnswer } from "~/features/price-lists/history";
import {
  countPriceHistory,
  findHistoryProduct,
  findPriceHistory,
  HISTORY_LIMIT,
} from "~/features/price-lists/history.server";
import { findPriceListBySlug } from "~/features/price-lists/lists.server";
import { listName } from "~/features/price-lists/names";
import { translatorFor } from "~/lib/meta";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/price-history";

const paramsSchema = z.object({
  slug: z
    .string()
    .max(80)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  productId: z.guid(),
});

/** JSON as the dialog reads it; like every response, private to this visitor (server/main.ts). */
function answer(body: PriceHistoryAnswer, status = 200) {
  return Response.json(body, { status });
}

/**
 * One product's price changes in one list, newest first, as JSON for the price history dialog.
 * An unknown (or malformed) list slug or product id is a 404 with a JSON body. When the database
 * cannot be read the answer is a 500 whose JSON body says so ('Error fetching price history'), with
 * the request id that is also in the log; a failure the browser sees without such a body is its own
 * message.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(request, context, "prices:manage");
  const lang = getLang(context);
  const t = translatorFor(lang);
  const parsed = paramsSchema.safeParse(params);
  const notFound = () =>
    answer({ ok: false, error: "notFound", message: t("history.errors.notFound", { ns: "prices" }) }, 404);
  if (!parsed.success) return notFound();
  const { slug, productId } = parsed.data;
  try {
    const [list, product] = await Promise.all([findPriceListBySlug(slug), findHistoryProduct(productId, lang)]);
    if (!list || !product) return notFound();
    const [rows, total] = await Promise.all([
      findPriceHistory(productId, lang, { listId: list.id, limit: HISTORY_LIMIT }),
      countPriceHistory(productId, list.id),
    ]);
    return answer({
      ok: true,
      list: { slug: list.slug, name: listName(list, lang) },
      product,
      entries: rows.map((r) => ({
        id: r.id,
        at: r.createdAt,
        oldCents: r.oldCents,
        newCents: r.newCents,
        source: r.source,
        author: r.authorName,
      })),
      total: Math.max(total, rows.length),
      limit: HISTORY_LIMIT,
    });
  } catch (error) {
    const { requestId } = getRequestInfo(context);
    logger.error({ err: error, requestId, slug, productId }, "reading the price history failed");
    return answer(
      {
        ok: false,
        error: "fetchError",
        message: t("history.errors.fetchError", { ns: "prices" }),
        reference: requestId,
      },
      500,
    );
  }
}
