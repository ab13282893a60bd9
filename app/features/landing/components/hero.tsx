import { CalendarCheck, Clock, Snowflake } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";
import { Img } from "~/components/ui/img";
import { siteImageKey } from "~/lib/site-images";

export function Hero() {
  const { t } = useTranslation("public");
  const points = [
    { key: "since", Icon: CalendarCheck },
    { key: "cold", Icon: Snowflake },
    { key: "hours", Icon: Clock },
  ] as const;
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-brand-50 via-white to-white dark:from-slate-900 dark:via-slate-950 dark:to-slate-950"
    >
      <div className="site-container grid items-center gap-10 pb-16 pt-10 sm:pt-14 md:grid-cols-[1.1fr_1fr] md:pb-20">
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800 dark:bg-slate-800 dark:text-brand-100">
            {t("hero.eyebrow")}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white"
          >
            {t("hero.title")}
          </h1>
          <p className="mt-5 text-lg text-slate-700 dark:text-slate-300">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/products" size="lg">
              {t("hero.explore")}
            </ButtonLink>
            <ButtonLink to="/about-us" size="lg" variant="outline">
              {t("hero.about")}
            </ButtonLink>
          </div>
          <ul className="mt-8 grid gap-3 text-sm text-slate-700 sm:grid-cols-3 dark:text-slate-300">
            {points.map(({ key, Icon }) => (
              <li key={key} className="flex items-start gap-2">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-100" />
                {t(`hero.points.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <Img
          imageKey={siteImageKey("hero")}
          alt={t("hero.imageAlt")}
          width={480}
          height={360}
          sizes="(min-width: 1024px) 460px, (min-width: 768px) 45vw, calc(100vw - 2rem)"
          priority
          className="h-auto w-full rounded-3xl shadow-xl ring-1 ring-black/5 dark:ring-white/10"
        />
      </div>
    </section>
  );
}
