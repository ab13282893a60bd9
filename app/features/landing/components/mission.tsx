import { CalendarDays, Snowflake } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";

export function Mission() {
  const { t } = useTranslation("public");
  const facts = [
    { key: "since", Icon: CalendarDays },
    { key: "facility", Icon: Snowflake },
  ] as const;
  return (
    <section aria-labelledby="mission-title" className="py-16 sm:py-20">
      <div className="site-container grid items-center gap-10 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-100">
            {t("mission.eyebrow")}
          </p>
          <h2
            id="mission-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white"
          >
            {t("mission.title")}
          </h2>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("mission.body")}</p>
          <ButtonLink to="/about-us" variant="outline" size="lg" className="mt-8">
            {t("mission.button")}
          </ButtonLink>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {facts.map(({ key, Icon }) => (
            <li
              key={key}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-slate-800 dark:text-brand-100">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t(`mission.${key}.label`)}</p>
              <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
                {t(`mission.${key}.value`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
