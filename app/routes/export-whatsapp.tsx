import { useTranslation } from "~/i18n/use-translation";
import { requirePermission } from "~/auth/guards.server";
import { Preparing } from "~/components/preparing";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/export-whatsapp";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("createWhatsappList", { ns: "navigation" }), noindex: true });
}

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, context, "export:run");
  return null;
}

export default function Page() {
  const { t } = useTranslation("navigation");
  return <Preparing page={t("createWhatsappList")} />;
}
