import { useTranslation } from "react-i18next";
import { redirectSignedIn } from "~/auth/guards.server";
import { ButtonLink } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches);
}

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  return null;
}

export default function Home() {
  const { t } = useTranslation("public");
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-navbar">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{t("hero.title")}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{t("hero.subtitle")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/products" size="lg">
            {t("hero.explore")}
          </ButtonLink>
          <ButtonLink to="/about-us" size="lg" variant="outline">
            {t("hero.about")}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
