import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/unauthorized";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("unauthorized.title"), noindex: true });
}

export default function Unauthorized() {
  const { t } = useTranslation();
  return (
    <section className="site-container py-8 *:max-w-xl">
      <h1 className="text-3xl font-bold tracking-tight">{t("unauthorized.title")}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{t("unauthorized.body")}</p>
      <ButtonLink to="/dashboard" className="mt-6">
        {t("unauthorized.back")}
      </ButtonLink>
    </section>
  );
}
