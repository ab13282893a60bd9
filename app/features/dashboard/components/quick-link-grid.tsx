import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import type { QuickLink } from "../quick-links";

export function QuickLinkGrid({ links }: { links: readonly QuickLink[] }) {
  const { t } = useTranslation("dashboard");
  const { t: nav } = useTranslation("navigation");
  return (
    <section aria-labelledby="links-heading" className="space-y-3">
      <h2 id="links-heading" className="text-lg font-semibold">
        {t("links.heading")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="block h-full rounded-lg border border-slate-200 p-4 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              <span className="font-medium text-brand-800 dark:text-brand-100">{nav(link.label)}</span>
              <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">
                {t(`links.descriptions.${link.label}`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
