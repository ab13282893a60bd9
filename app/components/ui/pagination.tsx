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
    if (to < 1 || to > pageCount) return <span />;
    if ("onPage" in props) {
      return (
        <Button variant="outline" onClick={() => props.onPage(to)}>
          {text}
        </Button>
      );
    }
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
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("pagination.pageOf", { page, pages: pageCount })}</p>
      {step(page + 1, "next", t("pagination.next"))}
    </nav>
  );
}
