import { useTranslation } from "~/i18n/use-translation";
import { Link, useLocation } from "react-router";
import { useRootData } from "~/lib/root-data";

/**
 * A plain link to the same page with ?lang=…, so it works before hydration and is crawlable
 * (docs/decisions/005-language-precedence.md).
 */
export function LanguageToggle() {
  const { t } = useTranslation("navigation");
  const root = useRootData();
  const location = useLocation();
  const next = root?.lang === "es" ? "en" : "es";
  const params = new URLSearchParams(location.search);
  params.set("lang", next);
  return (
    <Link
      to={`${location.pathname}?${params.toString()}`}
      preventScrollReset
      replace
      hrefLang={next}
      // The name starts with the visible code, so a voice command naming what is seen works (WCAG 2.5.3).
      aria-label={t("switchLanguage", { code: next.toUpperCase(), language: t(`languages.${next}`) })}
      className="inline-flex h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm font-semibold uppercase text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {next}
    </Link>
  );
}
