import { useTranslation } from "~/i18n/use-translation";
import { requirePermission } from "~/auth/guards.server";
import { Preparing } from "~/components/preparing";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/prices-long";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("printLongList", { ns: "navigation" }), noindex: true });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, context, "print:view");
  return null;
}

export default function Page() {
  const { t } = useTranslation("navigation");
  return <Preparing page={t("printLongList")} />;
}
