import { useTranslation } from "~/i18n/use-translation";
import { telHref } from "~/components/ui/phone-text";

export type ContactSite = {
  name: string;
  phone: string;
  email: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
};

/** A link any phone or computer opens in its maps app or in the browser. */
export function mapsHref(address: ContactSite["address"]) {
  const line = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
  return `https://maps.google.com/?q=${encodeURIComponent(line)}`;
}

const linkClass = "font-medium text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-100";

/** The real address, phone, e-mail and hours from the configuration, never placeholder text. */
export function ContactDetails({ site }: { site: ContactSite }) {
  const { t } = useTranslation("contact");
  const nav = useTranslation("navigation").t;
  const { address } = site;
  return (
    <section
      aria-labelledby="contact-details-heading"
      className="space-y-4 self-start rounded-lg border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="contact-details-heading" className="text-xl font-semibold">
        {t("details.heading")}
      </h2>
      <dl className="space-y-4 text-sm">
        <div>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t("details.address")}</dt>
          <dd className="mt-1">
            <address className="not-italic">
              {site.name}
              <br />
              {address.street}
              <br />
              {address.city}, {address.region} {address.postalCode}
            </address>
            <a href={mapsHref(address)} className={`mt-1 inline-block ${linkClass}`}>
              {t("details.openInMaps")}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t("details.phone")}</dt>
          <dd className="mt-1">
            <a href={telHref(site.phone)} className={linkClass}>
              {site.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t("details.email")}</dt>
          <dd className="mt-1">
            <a href={`mailto:${site.email}`} className={linkClass}>
              {site.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t("details.hours")}</dt>
          <dd className="mt-1">{nav("footer.hours")}</dd>
        </div>
      </dl>
    </section>
  );
}
