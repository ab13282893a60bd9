import { useTranslation } from "~/i18n/use-translation";
import { Img } from "~/components/ui/img";
import { siteImageKey } from "~/lib/site-images";
import { features } from "../content";
import { SectionHeading } from "./section-heading";

export function Features() {
  const { t } = useTranslation("public");
  return (
    <section aria-labelledby="features-title" className="bg-slate-50 py-16 sm:py-20 dark:bg-slate-900">
      <div className="site-container">
        <SectionHeading id="features-title" eyebrow={t("features.eyebrow")} title={t("features.title")} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((feature) => (
            <li
              key={feature.id}
              className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-950"
            >
              <Img
                imageKey={siteImageKey(feature.image)}
                alt=""
                width={320}
                height={240}
                sizes="(min-width: 1024px) 232px, (min-width: 640px) 50vw, 100vw"
                className="aspect-[4/3] h-auto w-full object-cover"
              />
              <div className="p-5">
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {t(`features.${feature.id}.title`)}
                </h3>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`features.${feature.id}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
