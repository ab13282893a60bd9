import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { useRootData } from "~/lib/root-data";

export function Footer() {
  const { t } = useTranslation("navigation");
  const root = useRootData();
  const site = root?.site;
  const year = 2013;
  return (
    <footer className="no-print border-t border-slate-200 bg-slate-50 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="site-container grid gap-6 py-8 sm:grid-cols-3">
        <div>
          <p className="font-semibold text-slate-900 dark:text-slate-100">{site?.name}</p>
          <address className="not-italic">
            {site?.address.street}
            <br />
            {site?.address.city}, {site?.address.region} {site?.address.postalCode}
          </address>
          <p>
            <a className="underline-offset-2 hover:underline" href={`tel:${site?.phone.replace(/[^+\d]/g, "")}`}>
              {site?.phone}
            </a>
          </p>
          <p>
            <a className="underline-offset-2 hover:underline" href={`mailto:${site?.email}`}>
              {site?.email}
            </a>
          </p>
        </div>
        <div>
          <p className="font-semibold text-slate-900 dark:text-slate-100">{t("footer.hoursTitle")}</p>
          <p>{t("footer.hours")}</p>
          <p>{t("footer.since", { year })}</p>
        </div>
        <nav aria-label={t("footer.linksLabel")}>
          <ul className="space-y-1">
            <li>
              <Link className="hover:underline" to="/products">
                {t("products")}
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/prices">
                {t("prices")}
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/about-us">
                {t("aboutUs")}
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/contact">
                {t("contact")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
