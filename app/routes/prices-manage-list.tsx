import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { Preparing } from "~/components/preparing";
import { findPriceListBySlug } from "~/features/price-lists/lists.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/prices-manage-list";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("administerPrices", { ns: "navigation" }), noindex: true });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(request, context, "prices:manage");
  const list = await findPriceListBySlug(params.priceListId);
  if (!list) throw data(null, { status: 404, statusText: "Not Found" });
  return { name: list.name };
}

/** The price editor of one list; its loader already answers 404 for an unknown list. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("navigation");
  return <Preparing page={`${t("administerPrices")}: ${loaderData.name}`} />;
}
