import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { Button, buttonClasses } from "./button";

type Pages = {
  page: number;
  pageCount: number;
  /** Names the pages for a screen reader ("Pages of users"). */
  label: string;
};

/** Pages that are addresses: the previous and next pages are links a reader can open or share. */
type LinkedPages = Pages & {
  hrefFor: (page: number) => string;
  /** For a list in the middle of a page: the next page keeps the reader where they are. */
  preventScrollReset?: boolean;
};

/** Pages of a list the screen holds whole (a file's results before they are saved): buttons. */
type HeldPages = Pages & { onPage: (page: number) => void };

/**
 * Previous and next around "Page 2 of 5", for every paged list of the site; nothing when
 * everything fits on one page.
 */
export function Pagination(props: LinkedPages | HeldPages) {
  const { t } = useTranslation();
  const { page, pageCount, label } = props;
  if (pageCount <= 1) return null;
  const step = (to: number, rel: "prev" | "next", text: string): ReactNode => {
    const beyond = to < 1 || to > pageCount;
    if ("onPage" in props) {
      // Kept at the last page, and focusable, so the focus that pressed it is not dropped.
      return (
        <Button
          variant="outline"
          aria-disabled={beyond || undefined}
          className="aria-disabled:opacity-60"
          onClick={() => !beyond && props.onPage(to)}
        >
          {text}
        </Button>
      );
    }
    if (beyond) return <span />;
    return (
      <Link
        to={props.hrefFor(to)}
        rel={rel}
        preventScrollReset={props.preventScrollReset}
        className={buttonClasses("outline", "md")}
      >
        {text}
      </Link>
    );
  };
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4">
      {step(page - 1, "prev", t("pagination.previous"))}
      {/* Pages a screen holds change without a new page load: the change is said. */}
      <p aria-live={"onPage" in props ? "polite" : undefined} className="text-sm text-slate-700 dark:text-slate-300">
        {t("pagination.pageOf", { page, pages: pageCount })}
      </p>
      {step(page + 1, "next", t("pagination.next"))}
    </nav>
  );
}
