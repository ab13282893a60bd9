import { getLang, requirePermission } from "~/auth/guards.server";
import { findEditorItemsOf } from "~/features/price-lists/editor-items.server";
import { ITEMS_PER_REQUEST } from "~/features/price-lists/list-query";
import { findPriceListBySlug } from "~/features/price-lists/lists.server";
import type { Route } from "./+types/price-list-items";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Some items of a list as the price editor shows them (`?ids=` a comma-separated list), as JSON:
 * a long list's editor holds one page, and a draft restored on it may hold edits typed on others.
 * Products no longer in the list are left out.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(request, context, "prices:manage");
  const list = await findPriceListBySlug(params.slug);
  if (!list) return Response.json({ ok: false, message: "errors.notFound" }, { status: 404 });
  const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",").filter(Boolean);
  if (ids.length > ITEMS_PER_REQUEST || !ids.every((id) => UUID.test(id))) {
    return Response.json({ ok: false, message: "errors.invalidInput" }, { status: 400 });
  }
  return Response.json({ ok: true, items: await findEditorItemsOf(list.id, getLang(context), ids) });
}
