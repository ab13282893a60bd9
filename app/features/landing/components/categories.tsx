import { ArrowRight } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";
import { Img } from "~/components/ui/img";
import { siteImageKey } from "~/lib/site-images";
import { categoryHref, landingCategories, type LandingCategoryId } from "../content";
import { SectionHeading } from "./section-heading";

/** The category cards, in `order`: alphabetical by their names in the reader's language (the loader sorts them). */
export function Categories({ order }: { order: LandingCategoryId[] }) {
  const { t } = useTranslation("public");
  const nameOf = (id: LandingCategoryId) => t(`categories.names.${id}`);
  const sorted = order.flatMap((id) => landingCategories.filter((c) => c.id === id));
  return (
    <section aria-labelledby="categories-title" className="py-16 sm:py-20">
      <div className="site-container">
        <SectionHeading id="categories-title" eyebrow={t("categories.eyebrow")} title={t("categories.title")}>
          {t("categories.subtitle")}
        </SectionHeading>
        <ul className="mt-12 grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
          {sorted.map((category) => (
            <li
              key={category.id}
              data-category={category.id}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <Img
                imageKey={siteImageKey(category.image)}
                alt=""
                width={240}
                height={180}
                sizes="(min-width: 1024px) 184px, (min-width: 768px) 33vw, (min-width: 480px) 50vw, 100vw"
                className="aspect-[4/3] h-auto w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-4">
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{nameOf(category.id)}</h3>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t("categories.count", { count: category.count })}
                </p>
                <ButtonLink
                  to={categoryHref(category.id)}
                  variant="secondary"
                  size="sm"
                  className="mt-4 self-start"
                  aria-label={t("categories.viewLabel", { category: nameOf(category.id) })}
                >
                  {t("categories.view")}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col gap-6 rounded-3xl bg-brand-50 p-8 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between dark:bg-slate-900 dark:ring-slate-800">
          <div className="max-w-xl">
            <h3 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{t("grow.title")}</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{t("grow.body")}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-3">
            <ButtonLink to="/contact" size="lg">
              {t("grow.contact")}
            </ButtonLink>
            <ButtonLink to="/products" size="lg" variant="outline">
              {t("grow.explore")}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
