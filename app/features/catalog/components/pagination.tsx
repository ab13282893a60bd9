import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

/** Previous and next links around "Page 2 of 5"; nothing when everything fits on one page. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation("catalog");
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("products.pagination")} className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={buttonClasses("outline", "md")}>
          {t("products.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("products.pageOf", { page, pages: pageCount })}</p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={buttonClasses("outline", "md")}>
          {t("products.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
