import { getRequestInfo, requirePermission } from "~/auth/guards.server";
import { saveEditedRows } from "~/features/catalog/manage-actions.server";
import type { Route } from "./+types/products-manage-rows";

/**
 * Nothing is read here. A GET is still checked as the save is (no answer tells an outsider more
 * than the sign-in page does) and then finds nothing.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, context, "products:manage");
  return Response.json({ ok: false, message: "manage.errors.notFound" }, { status: 404 });
}

/**
 * The product grid's save, answered as JSON whatever happens: the grid sends it with fetch so
 * that a lost connection or a failed save leaves the page and its edits in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requirePermission(request, context, "products:manage");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json({ ok: false, message: "manage.errors.invalidInput" }, { status: 400 });
  }
  const { status, result } = await saveEditedRows(actor, Object.fromEntries(form), getRequestInfo(context).requestId);
  return Response.json(result, { status });
}
