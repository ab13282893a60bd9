import { getRequestInfo, requirePermission } from "~/auth/guards.server";
import { saveEditedPrices } from "~/features/price-lists/edit-prices.server";
import { findPriceListBySlug } from "~/features/price-lists/lists.server";
import type { Route } from "./+types/price-list-prices";

/** Only the editor's save is here; reading a list's prices is the editor page's own loader. */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, context, "prices:manage");
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

/**
 * The price editor's save, answered as JSON whatever happens: the editor sends it with fetch so
 * that a lost connection or a failed save leaves the page and its edits in place.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = requirePermission(request, context, "prices:manage");
  const list = await findPriceListBySlug(params.slug);
  if (!list) return Response.json({ ok: false, message: "errors.notFound" }, { status: 404 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json({ ok: false, message: "errors.invalidInput" }, { status: 400 });
  }
  const { status, result } = await saveEditedPrices(
    actor,
    list.id,
    Object.fromEntries(form),
    getRequestInfo(context).requestId,
  );
  return Response.json(result, { status });
}
