import { ArrowRight } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { Img } from "~/components/ui/img";
import { siteImageKey } from "~/lib/site-images";
import { popularProducts } from "../content";
import { SectionHeading } from "./section-heading";

/** The popular products, those a visitor can open (`visible`, by slug) only. */
export function PopularProducts({ visible }: { visible: readonly string[] }) {
  const { t } = useTranslation("public");
  const shown = popularProducts.filter((product) => visible.includes(product.slug));
  return (
    <section aria-labelledby="popular-title" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900">
      <div className="site-container">
        <SectionHeading id="popular-title" eyebrow={t("popular.eyebrow")} title={t("popular.title")}>
          {t("popular.subtitle")}
        </SectionHeading>
        <ul className="mt-12 grid grid-cols-2 gap-4 sm:gap-5 md:grid-cols-3 lg:grid-cols-5">
          {shown.map((product) => (
            <li
              key={product.slug}
              className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0 dark:border-slate-800 dark:bg-slate-950"
            >
              <Img
                imageKey={siteImageKey(product.image)}
                alt=""
                width={184}
                height={184}
                sizes="(min-width: 1024px) 184px, (min-width: 768px) 33vw, 50vw"
                className="aspect-square h-auto w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-4">
                <h3 className="font-semibold text-slate-900 dark:text-white">
                  {/* The whole card is the link's target area; its name is the product's. */}
                  <Link
                    to={`/products/${product.slug}`}
                    className="outline-none after:absolute after:inset-0 after:content-['']"
                  >
                    {t(`popular.items.${product.slug}`)}
                  </Link>
                </h3>
                <p
                  aria-hidden="true"
                  className="mt-auto flex items-center gap-1 pt-2 text-sm font-medium text-brand-700 dark:text-brand-100"
                >
                  {t("popular.view")}
                  <ArrowRight className="size-4 transition group-hover:translate-x-0.5 motion-reduce:transition-none" />
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
