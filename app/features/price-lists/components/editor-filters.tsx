import { memo, type Dispatch, type SetStateAction } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import type { CategoryGroup } from "~/features/catalog/categories";
import { optionalColumns, type OptionalColumn } from "./editor-row";

export type Availability = "all" | "in-stock" | "out-of-stock";

/** What narrows the editor's rows: the one search, a category, availability, today's changes. */
export type EditorFilterValues = {
  query: string;
  category: CategoryGroup | "all";
  availability: Availability;
  changedToday: boolean;
};

export const noFilters: EditorFilterValues = { query: "", category: "all", availability: "all", changedToday: false };

type Props = {
  filters: EditorFilterValues;
  onFilters: Dispatch<SetStateAction<EditorFilterValues>>;
  /** The category groups the list holds, in the catalogue's order, "uncategorized" last. */
  groups: readonly CategoryGroup[];
  columns: ReadonlySet<OptionalColumn>;
  onToggleColumn: (column: OptionalColumn, on: boolean) => void;
  shown: number;
  total: number;
  selected: number;
  onSelectShown: (on: boolean) => void;
  onClearSelection: () => void;
};

/**
 * The editor's filters, column chooser and selection line. Memoised apart from the rows: typing
 * a price re-renders neither.
 */
export const EditorFilters = memo(function EditorFilters({
  filters,
  onFilters,
  groups,
  columns,
  onToggleColumn,
  shown,
  total,
  selected,
  onSelectShown,
  onClearSelection,
}: Props) {
  const { t } = useTranslation("prices");
  const { t: tc } = useTranslation("catalog");
  const { t: tp } = useTranslation("products");
  const set = (change: Partial<EditorFilterValues>) => onFilters((current) => ({ ...current, ...change }));
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={t("editor.find")}
          type="search"
          value={filters.query}
          onChange={(e) => set({ query: e.currentTarget.value })}
          placeholder={t("editor.findPlaceholder")}
          autoComplete="off"
        />
        <SelectField
          label={tc("product.category")}
          value={filters.category}
          onChange={(e) => set({ category: e.currentTarget.value as CategoryGroup | "all" })}
        >
          <option value="all">{tp("list.allCategories")}</option>
          {groups.map((c) => (
            <option key={c} value={c}>
              {tc(`categories.${c}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={tc("product.availability")}
          value={filters.availability}
          onChange={(e) => set({ availability: e.currentTarget.value as Availability })}
        >
          {(["all", "in-stock", "out-of-stock"] as const).map((a) => (
            <option key={a} value={a}>
              {tp(`list.availability.${a}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-end gap-3 pb-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={filters.changedToday}
              onChange={(e) => set({ changedToday: e.currentTarget.checked })}
            />
            {t("editor.changedToday")}
          </label>
          <details className="relative text-sm">
            <summary className="cursor-pointer underline underline-offset-2">{t("editor.columns")}</summary>
            <div className="absolute right-0 z-20 mt-1 w-48 space-y-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
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
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p>{t("editor.shown", { shown, total })}</p>
        <Button size="sm" variant="outline" onClick={() => onSelectShown(true)} disabled={shown === 0}>
          {t("editor.selectShown", { count: shown })}
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
