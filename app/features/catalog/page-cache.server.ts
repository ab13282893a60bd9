import type { MiddlewareFunction } from "react-router";
import { getLang, getRequestInfo, getUser } from "~/auth/guards.server";
import { readCookie } from "~/auth/session.server";
import {
  isListeningToPriceLists,
  priceListEventsReady,
  subscribeToPriceLists,
} from "~/features/price-lists/events.server";
import { PageCache } from "~/lib/page-cache.server";
import { publicPageParams } from "~/lib/seo";
import { isTheme, themeCookie } from "~/lib/theme";

/**
 * The public pages as visitors get them, rendered once per language, theme and address and kept
 * until the database says a product, a list or a price changed
 * (docs/decisions/033-public-page-cache.md). Bounded in bytes; an entry nobody asks for goes after
 * ten minutes.
 */
const cache = new PageCache({ maxBytes: 48 * 1024 * 1024, ttlMs: 10 * 60_000 });

let subscribed = false;

/**
 * Listens for changes, so that pages can be kept from the first visitor on. Until then, and
 * whenever the listening is lost, every page is rendered afresh.
 */
export async function startPublicPageCache() {
  listenForChanges();
  await priceListEventsReady();
}

function listenForChanges() {
  if (subscribed) return;
  subscribed = true;
  subscribeToPriceLists((event) => {
    // A lost connection may have missed changes. On shutdown the subscription ends with the
    // listening; a server started again in this process subscribes anew.
    if (event.kind === "closing") subscribed = false;
    if (event.kind === "catalogChanged" || event.kind === "resync" || event.kind === "closing") cache.clear();
  });
}

/**
 * A public page's plain address, or one of its canonical variants (a category of /products), in
 * a language: what visitors arrive on. A search or a filter someone typed is rendered for them, so
 * made-up queries cannot push the pages everyone asks for out of the cache.
 */
function isKept(url: URL) {
  const params = publicPageParams(url.pathname);
  if (!params) return false;
  // `_routes` names the loaders of a client-side navigation's data request.
  return [...url.searchParams.keys()].every((name) => name === "lang" || name === "_routes" || params.includes(name));
}

/**
 * Answers a visitor's GET of a public page (or its data, on a client-side navigation) from the
 * cache. Never for a signed-in person, whose pages differ; never while changes may go unheard (the
 * database not yet listened to, or its connection lost); never in development, where no nonce is
 * issued and the code changes under the page.
 */
export const publicPageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const fresh = getRequestInfo(context);
  if (request.method !== "GET" || getUser(context) || !fresh.nonce) return next();
  if (!isKept(new URL(request.url))) return next();
  listenForChanges();
  if (!isListeningToPriceLists()) return next();

  const theme = readCookie(request.headers.get("cookie"), themeCookie);
  const key = [getLang(context), isTheme(theme) ? theme : "system", fresh.requestedPath].join(" ");
  const kept = cache.answer(key, request, fresh);
  if (kept) return kept;
  return cache.keep(key, next, fresh);
};
