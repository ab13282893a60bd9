import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import { generateExport, loadExportListData, saveExportOptions } from "~/features/export/exports.server";
import { exportOptionsSchema, exportRequestSchema, type ExportAnswer } from "~/features/export/schema";
import { findPriceListBySlug } from "~/features/price-lists/lists.server";
import { parseForm } from "~/lib/form-errors";
import { logger } from "~/lib/logger.server";
import { translatorFor } from "~/lib/meta";
import { isSlug } from "~/lib/slug";
import type { Route } from "./+types/export-whatsapp-data";

function answer(body: ExportAnswer, status = 200) {
  return Response.json(body, { status });
}

/** GET `?list=…`: that list's options, customers to send to and last export, as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "export:run");
  const lang = getLang(context);
  const t = translatorFor(lang);
  const slug = new URL(request.url).searchParams.get("list");
  try {
    const list = slug && isSlug(slug) ? await findPriceListBySlug(slug) : null;
    if (!list) return answer({ ok: false, message: t("errors.notFound", { ns: "prices" }) }, 404);
    return answer({ ok: true, kind: "data", data: await loadExportListData(user.id, list, lang) });
  } catch (error) {
    logger.error({ err: error, requestId: getRequestInfo(context).requestId }, "reading a list to export failed");
    return answer({ ok: false, message: t("screen.listsFailed", { ns: "chat-export" }) }, 500);
  }
}

/**
 * POST: `save` keeps the message options for the list; `generate` keeps them too, builds the
 * message on the server, records it and answers its parts. Anything malformed changes nothing and
 * says so in the person's language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, context, "export:run");
  const t = translatorFor(getLang(context));
  const tx = (key: string) => (t as (key: string, options: { ns: string }) => string)(key, { ns: "chat-export" });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer({ ok: false, message: tx("errors.listRequired") }, 400);
  }
  const target = parseForm(
    exportRequestSchema,
    { intent: form.get("intent"), list: form.get("list") ?? undefined },
    tx,
  );
  if (!target.ok) {
    const fields = target.fieldErrors;
    return answer({ ok: false, message: fields.list ?? tx("errors.listRequired"), fields }, 400);
  }
  const options = parseForm(
    exportOptionsSchema,
    {
      lang: form.get("lang"),
      categories: form.getAll("category"),
      onlyAvailable: form.get("onlyAvailable"),
      showPack: form.get("showPack"),
      markChanges: form.get("markChanges"),
      includeLink: form.get("includeLink"),
      greeting: form.get("greeting") ?? "",
      closing: form.get("closing") ?? "",
    },
    tx,
  );
  if (!options.ok) return answer({ ok: false, message: tx("errors.invalidOptions"), fields: options.fieldErrors }, 400);
  const { categories, ...rest } = options.data;
  const chosen = { ...rest, categories: categories.length === 0 ? null : categories };
  const { intent } = target.data;
  try {
    const list = await findPriceListBySlug(target.data.list);
    if (!list) return answer({ ok: false, message: t("errors.notFound", { ns: "prices" }) }, 404);
    await saveExportOptions(user.id, list.id, chosen);
    if (intent === "save") return answer({ ok: true, kind: "saved", message: tx("screen.saved") });
    const message = await generateExport(user, list, chosen);
    return answer({ ok: true, kind: "message", parts: message.parts, length: message.length, counts: message.counts });
  } catch (error) {
    logger.error({ err: error, requestId: getRequestInfo(context).requestId, intent }, "a WhatsApp export failed");
    return answer(
      { ok: false, message: intent === "save" ? tx("errors.saveFailed") : tx("errors.generateFailed") },
      500,
    );
  }
}
