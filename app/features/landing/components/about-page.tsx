import {
  CalendarDays,
  Clock,
  HeartHandshake,
  Mail,
  MapPin,
  Phone,
  ShieldCheck,
  Snowflake,
  Store,
  Truck,
} from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { ButtonLink } from "~/components/ui/button";
import { Img } from "~/components/ui/img";
import type { SiteInfo } from "~/lib/site.server";
import { siteImageKey } from "~/lib/site-images";
import { mapsUrl, oneLineAddress } from "../maps";

const topics = [
  { key: "story", Icon: HeartHandshake },
  { key: "facility", Icon: Snowflake },
  { key: "serve", Icon: Store },
  { key: "quality", Icon: ShieldCheck },
  { key: "delivery", Icon: Truck },
] as const;

/**
 * /about-us: who the business is, from the specification's facts and the site's configuration,
 * never placeholder text.
 */
export function AboutPage({ site }: { site: Pick<SiteInfo, "name" | "phone" | "email" | "address"> }) {
  const { t } = useTranslation("public");
  const address = oneLineAddress(site.address);
  const facts = [
    { value: "2013", label: t("about.facts.since") },
    { value: t("mission.facility.value"), label: t("about.facts.facility") },
    { value: t("about.facts.daysValue"), label: t("about.facts.days") },
  ];
  return (
    <>
      <section
        aria-labelledby="about-title"
        className="bg-gradient-to-b from-brand-50 via-white to-white dark:from-slate-900 dark:via-slate-950 dark:to-slate-950"
      >
        <div className="site-container grid items-center gap-10 pb-14 pt-10 sm:pt-14 md:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-100">
              {t("about.eyebrow")}
            </p>
            <h1
              id="about-title"
              className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white"
            >
              {t("about.title")}
            </h1>
            <p className="mt-5 text-lg text-slate-700 dark:text-slate-300">{t("about.lead")}</p>
          </div>
          <Img
            imageKey={siteImageKey("about-facility")}
            alt={t("about.imageAlt")}
            width={480}
            height={360}
            sizes="(min-width: 1024px) 460px, (min-width: 768px) 45vw, calc(100vw - 2rem)"
            priority
            className="h-auto w-full rounded-3xl shadow-xl ring-1 ring-black/5 dark:ring-white/10"
          />
        </div>
        <div className="site-container">
          <dl className="grid gap-4 pb-14 sm:grid-cols-3">
            {facts.map((fact) => (
              <div
                key={fact.label}
                className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <dt className="mt-1 text-slate-600 dark:text-slate-400">{fact.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="py-14">
        <div className="site-container grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {topics.map(({ key, Icon }) => (
            <article
              key={key}
              className={`${key === "story" ? "lg:col-span-2 " : ""}rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900`}
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-slate-800 dark:text-brand-100">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h2 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">{t(`about.${key}.title`)}</h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`about.${key}.body`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="visit-title" className="bg-slate-50 py-14 dark:bg-slate-900">
        <div className="site-container">
          <h2 id="visit-title" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            {t("about.visit.title")}
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            <ul className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-950">
              <li className="flex gap-4">
                <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-100" />
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{t("about.visit.address")}</h3>
                  <address className="not-italic text-slate-700 dark:text-slate-300">
                    {site.name}
                    <br />
                    {site.address.street}
                    <br />
                    {site.address.city}, {site.address.region} {site.address.postalCode}
                  </address>
                  <a
                    href={mapsUrl(address)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t("about.visit.mapLabel", { address })}
                    className="mt-2 inline-flex font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-100"
                  >
                    {t("about.visit.map")}
                  </a>
                </div>
              </li>
              <li className="flex gap-4">
                <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-100" />
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{t("about.visit.phone")}</h3>
                  <a
                    href={`tel:${site.phone.replace(/[^+\d]/g, "")}`}
                    className="text-slate-700 underline-offset-4 hover:underline dark:text-slate-300"
                  >
                    {site.phone}
                  </a>
                </div>
              </li>
              <li className="flex gap-4">
                <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-100" />
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{t("about.visit.email")}</h3>
                  <a
                    href={`mailto:${site.email}`}
                    className="text-slate-700 underline-offset-4 hover:underline dark:text-slate-300"
                  >
                    {site.email}
                  </a>
                </div>
              </li>
            </ul>
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-950">
              <div className="flex gap-4">
                <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-100" />
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{t("about.visit.hours")}</h3>
                  <p className="mt-1 text-slate-700 dark:text-slate-300">{t("about.visit.hoursValue")}</p>
                  <p className="text-slate-600 dark:text-slate-400">{t("about.visit.closed")}</p>
                </div>
              </div>
              <div className="mt-6 flex gap-4">
                <CalendarDays aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-100" />
                <p className="text-slate-700 dark:text-slate-300">{t("hero.points.since")}</p>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="about-cta-title" className="py-14">
        <div className="site-container text-center">
          <h2 id="about-cta-title" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            {t("about.cta.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700 dark:text-slate-300">{t("about.cta.body")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/contact" size="lg">
              {t("about.cta.contact")}
            </ButtonLink>
            <ButtonLink to="/products" size="lg" variant="outline">
              {t("about.cta.products")}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
