import { memo } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import type { CategoryGroup } from "~/features/catalog/categories";
import { PriceFilters } from "~/features/catalog/components/price-filters";
import type { PriceFilterValues } from "~/features/catalog/price-filters";
import { SelectField } from "~/components/ui/field";
import { listSorts, type ListSort } from "../list-query";
import { optionalColumns, type OptionalColumn } from "./editor-row";

type Props = {
  filters: PriceFilterValues;
  onFilters: (next: PriceFilterValues) => void;
  sort: ListSort;
  onSort: (next: ListSort) => void;
  /** The category groups the list holds, in the reader's order. */
  groups: readonly CategoryGroup[];
  columns: ReadonlySet<OptionalColumn>;
  onToggleColumn: (column: OptionalColumn, on: boolean) => void;
  shown: number;
  total: number;
  /** A long list's rows that match the filters, of which `shown` are on this page; null for a list held whole. */
  matching: number | null;
  selected: number;
  onSelectShown: (on: boolean) => void;
  onClearSelection: () => void;
};

/**
 * The editor's filters (those of every price table), its column chooser and selection line.
 * Memoised apart from the rows: typing a price re-renders neither.
 */
export const EditorFilters = memo(function EditorFilters({
  filters,
  onFilters,
  sort,
  onSort,
  groups,
  columns,
  onToggleColumn,
  shown,
  total,
  matching,
  selected,
  onSelectShown,
  onClearSelection,
}: Props) {
  const { t } = useTranslation("prices");
  const { t: tc } = useTranslation("catalog");
  return (
    <>
      <PriceFilters
        values={filters}
        onChange={onFilters}
        groups={groups}
        searchLabel={t("editor.find")}
        searchPlaceholder={t("editor.findPlaceholder")}
      >
        <details className="relative text-sm">
          <summary className="cursor-pointer underline underline-offset-2">{t("editor.columns")}</summary>
          <div className="absolute left-0 z-20 mt-1 w-48 space-y-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            {optionalColumns.map((c) => (
              <label key={c} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={columns.has(c)}
                  onChange={(e) => onToggleColumn(c, e.currentTarget.checked)}
                />
                {t(`editor.column.${c}`)}
              </label>
            ))}
          </div>
        </details>
        <SelectField
          label={tc("products.sortLabel")}
          value={sort}
          onChange={(e) => onSort(e.currentTarget.value as ListSort)}
        >
          {listSorts.map((s) => (
            <option key={s} value={s}>
              {tc(`sorts.${s}`)}
            </option>
          ))}
        </SelectField>
      </PriceFilters>

      {matching !== null ? <p className="text-sm">{t("editor.longList")}</p> : null}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p>
          {matching === null
            ? t("editor.shown", { shown, total })
            : t("editor.matching", { count: matching, total, shown })}
        </p>
        <Button size="sm" variant="outline" onClick={() => onSelectShown(true)} disabled={shown === 0}>
          {matching === null ? t("editor.selectShown", { count: shown }) : t("editor.selectPage", { count: shown })}
        </Button>
        {selected > 0 ? (
          <Button size="sm" variant="ghost" onClick={onClearSelection}>
            {t("editor.clearSelection", { count: selected })}
          </Button>
        ) : null}
      </div>
    </>
  );
});
