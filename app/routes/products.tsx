import { useTranslation } from "react-i18next";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/products";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("products", { ns: "navigation" }) });
}

export default function Page() {
  const { t } = useTranslation();
  const nav = useTranslation("navigation").t;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">{nav("products")}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{t("preparing.body", { page: nav("products") })}</p>
    </section>
  );
}
