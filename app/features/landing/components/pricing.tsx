import { Check } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";
import { isLang } from "~/i18n/config";
import { pricingTiers } from "../content";
import { SectionHeading } from "./section-heading";
import { localeOf } from "~/lib/locale";

const formatters = new Map<string, Intl.NumberFormat>();

/** Whole dollars: a minimum order is a round figure ("$250", not "$250.00"). */
function wholeDollars(cents: number, lang: string) {
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(localeOf(lang), {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    });
    formatters.set(lang, f);
  }
  return f.format(cents / 100);
}

export function Pricing() {
  const { t, i18n } = useTranslation("public");
  const lang = isLang(i18n.language) ? i18n.language : "en";
  return (
    <section aria-labelledby="pricing-title" className="py-16 sm:py-20">
      <div className="site-container">
        <SectionHeading id="pricing-title" eyebrow={t("pricing.eyebrow")} title={t("pricing.title")}>
          {t("pricing.subtitle")}
        </SectionHeading>
        <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          {pricingTiers.map((tier) => (
            <li
              key={tier.id}
              data-tier={tier.id}
              className="flex flex-col rounded-3xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <h3 className="text-xl font-semibold text-slate-900 dark:text-white">{t(`pricing.${tier.id}.name`)}</h3>
              <p className="mt-1 text-slate-600 dark:text-slate-400">{t(`pricing.${tier.id}.body`)}</p>
              <p className="mt-6 flex items-baseline gap-2">
                <span className="text-5xl font-bold tracking-tight text-slate-900 dark:text-white">
                  {wholeDollars(tier.minimumCents, lang)}
                </span>
                <span className="text-slate-600 dark:text-slate-400">{t("pricing.minimum")}</span>
              </p>
              <ul className="mt-6 space-y-3 text-slate-700 dark:text-slate-300">
                {tier.points.map((point) => (
                  <li key={point} className="flex gap-3">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-100" />
                    {t(`pricing.points.${point}`)}
                  </li>
                ))}
              </ul>
              <ButtonLink
                to="/contact"
                size="lg"
                variant={tier.id === "medium" ? "primary" : "outline"}
                className="mt-8"
                aria-label={`${t("pricing.cta")}: ${t(`pricing.${tier.id}.name`)}`}
              >
                {t("pricing.cta")}
              </ButtonLink>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-slate-600 dark:text-slate-400">{t("pricing.note")}</p>
      </div>
    </section>
  );
}
