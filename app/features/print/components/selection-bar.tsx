import { Printer } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { sheetRoutes } from "../options";
import type { usePrintSelection } from "./use-print-selection";

/**
 * What is ticked for printing in a list, and what to do with it: tick everything shown (after a
 * search), clear, and print the selected items' sheet. A failed save is said, with a retry.
 */
export function SelectionBar({
  list,
  selection,
  shown,
}: {
  list: string;
  selection: ReturnType<typeof usePrintSelection>;
  /** The slugs the page shows now (all of them, or what a search left). */
  shown: string[];
}) {
  const { t } = useTranslation("print");
  const count = selection.selected.size;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2 dark:border-slate-800 dark:bg-slate-900">
        <p className="mr-auto px-1 text-sm font-medium" aria-live="polite">
          {count === 0 ? t("selection.count_zero") : t("selection.count", { count })}
        </p>
        <Button variant="ghost" size="sm" onClick={() => selection.toggle(shown, true)} disabled={shown.length === 0}>
          {t("selection.selectShown")}
        </Button>
        <Button variant="ghost" size="sm" onClick={selection.clear} disabled={count === 0}>
          {t("selection.clear")}
        </Button>
        {count === 0 ? (
          <Button size="sm" disabled>
            <Printer aria-hidden="true" className="size-4" />
            {t("selection.print")}
          </Button>
        ) : (
          <Link
            to={`${sheetRoutes.selected}?list=${encodeURIComponent(list)}`}
            className={buttonClasses("primary", "sm")}
          >
            <Printer aria-hidden="true" className="size-4" />
            {t("selection.print")}
          </Link>
        )}
      </div>
      {selection.failed && !selection.saving ? (
        <FormAlert tone="error">
          <span className="mr-2">{t("selection.saveFailed")}</span>
          <Button variant="outline" size="sm" onClick={selection.retry}>
            {t("selection.retry")}
          </Button>
        </FormAlert>
      ) : null}
    </div>
  );
}
