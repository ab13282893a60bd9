import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { buttonClasses } from "./button";

/**
 * Previous and next links around "Page 2 of 5", for every paged list of the site; nothing when
 * everything fits on one page. `label` names the pages for a screen reader ("Pages of users").
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={buttonClasses("outline", "md")}>
          {t("pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("pagination.pageOf", { page, pages: pageCount })}</p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={buttonClasses("outline", "md")}>
          {t("pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
