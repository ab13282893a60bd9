import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import { ExportScreen } from "~/features/export/components/export-screen";
import { loadExportListData } from "~/features/export/exports.server";
import { findFirstListForStaff, findPriceListBySlug, listPriceListNames } from "~/features/price-lists/lists.server";
import { listName } from "~/features/price-lists/names";
import { isSlug } from "~/lib/slug";
import { logger } from "~/lib/logger.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/export-whatsapp";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("createWhatsappList", { ns: "navigation" }), noindex: true });
}

/**
 * The lists the person may export, and the chosen one's options (`?list=`, else the list staff see
 * first). When the lists cannot be read the page still opens and says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "export:run");
  const asked = new URL(request.url).searchParams.get("list");
  try {
    const lang = getLang(context);
    const lists = (await listPriceListNames(lang)).map((l) => ({ slug: l.slug, name: listName(l, lang) }));
    const list =
      (asked && isSlug(asked) ? await findPriceListBySlug(asked) : null) ?? (await findFirstListForStaff(lang));
    const initial = list ? await loadExportListData(user.id, list, lang) : null;
    return { lists, listsFailed: false, initial };
  } catch (error) {
    logger.error({ err: error, requestId: getRequestInfo(context).requestId }, "reading the lists to export failed");
    return { lists: [], listsFailed: true, initial: null };
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ExportScreen {...loaderData} />;
}
