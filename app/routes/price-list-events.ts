import { data } from "react-router";
import { getLang, requirePermission } from "~/auth/guards.server";
import { resolveReadableList } from "~/features/price-lists/lists.server";
import { priceListEventStream } from "~/features/price-lists/sse.server";
import type { Route } from "./+types/price-list-events";

/** Live changes of one list for a page showing it; a customer may follow only their own list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "prices:view-private");
  const readable = await resolveReadableList(user, params.slug, getLang(context));
  if (readable.kind !== "list") throw data(null, { status: 404 });
  return priceListEventStream(readable.list.id, user.id, request.signal);
}
