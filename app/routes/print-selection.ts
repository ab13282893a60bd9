import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import { selectionChangeSchema, type SelectionAnswer } from "~/features/print/schema";
import { changeSelection, findSelectedSlugs } from "~/features/print/sheets.server";
import { resolveReadableList } from "~/features/price-lists/lists.server";
import { translatorFor } from "~/lib/meta";
import { logger } from "~/lib/logger.server";
import { isSlug } from "~/lib/slug";
import type { Route } from "./+types/print-selection";

function answer(body: SelectionAnswer, status = 200) {
  return Response.json(body, { status });
}

/**
 * POST: adds, removes, replaces or clears products of the person's selection in one list, as JSON
 * (the ticks on /pricesprivate and /products save here without leaving the page). Only a list the
 * person may print is touched; anything malformed changes nothing and says so in their language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, context, "print:view");
  const t = translatorFor(getLang(context));
  const refuse = (status: number) => answer({ ok: false, message: t("selection.saveFailed", { ns: "print" }) }, status);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400);
  }
  const parsed = selectionChangeSchema.safeParse({
    intent: form.get("intent"),
    list: form.get("list"),
    slugs: form.getAll("slug"),
  });
  if (!parsed.success) return refuse(400);
  const input = parsed.data;
  try {
    const resolved = await resolveReadableList(user, input.list, getLang(context));
    if (resolved.kind !== "list") return refuse(404);
    const selected = await changeSelection(
      user.id,
      resolved.list,
      input.intent === "clear" ? { kind: "clear" } : { kind: input.intent, slugs: input.slugs },
    );
    return answer({ ok: true, list: resolved.list.slug, selected });
  } catch (error) {
    logger.error({ err: error, requestId: getRequestInfo(context).requestId }, "changing a print selection failed");
    return refuse(500);
  }
}

/** GET `?list=…`: the person's selection in that list, as JSON; 404 for a list they may not print. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "print:view");
  const t = translatorFor(getLang(context));
  const asked = new URL(request.url).searchParams.get("list");
  const list = asked && isSlug(asked) ? asked : null;
  const resolved = list ? await resolveReadableList(user, list, getLang(context)) : null;
  if (resolved?.kind !== "list") return answer({ ok: false, message: t("errors.notFound", { ns: "prices" }) }, 404);
  return answer({ ok: true, list: resolved.list.slug, selected: await findSelectedSlugs(user.id, resolved.list.id) });
}
