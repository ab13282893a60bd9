import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { SelectField, TextField } from "~/components/ui/field";
import { categoryParam, type CategoryGroup } from "../categories";
import { availabilityChoices, type AvailabilityChoice, type PriceFilterValues } from "../price-filters";
import { SEARCH_MAX } from "../query";

type Props = {
  values: PriceFilterValues;
  /**
   * Given, the fields follow `values` and report each change (a table filtered in the page);
   * without it they are the named fields of the GET form around them (q, category, availability,
   * changed), so the filtered view has its own address.
   */
  onChange?: (next: PriceFilterValues) => void;
  /** The categories the table holds, in the reader's order. */
  groups: readonly CategoryGroup[];
  searchLabel: string;
  searchPlaceholder: string;
  /** What follows the filters on their line (a submit button, a column chooser). */
  children?: ReactNode;
};

/** The filters every table of prices has: the one search, category, availability, changed today. */
export function PriceFilters({ values, onChange, groups, searchLabel, searchPlaceholder, children }: Props) {
  const { t } = useTranslation("catalog");
  const set = (change: Partial<PriceFilterValues>) => onChange?.({ ...values, ...change });
  const field = (value: string, change: (value: string) => Partial<PriceFilterValues>) =>
    onChange
      ? { value, onChange: (e: { currentTarget: { value: string } }) => set(change(e.currentTarget.value)) }
      : { defaultValue: value };
  // In a GET form, a field shows the values the page was read with (its key changes with them),
  // not what was typed before the form was sent.
  const keyOf = (field: string, value: string | boolean) => (onChange ? undefined : `${field}:${String(value)}`);
  const category = values.category === "all" ? "" : categoryParam(values.category);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextField
        label={searchLabel}
        className="lg:col-span-2"
        name="q"
        type="search"
        maxLength={SEARCH_MAX}
        placeholder={searchPlaceholder}
        autoComplete="off"
        key={keyOf("q", values.query)}
        {...field(values.query, (query) => ({ query }))}
      />
      <SelectField
        label={t("product.category")}
        name="category"
        key={keyOf("category", category)}
        {...field(category, (value) => ({
          category: (groups.find((g) => categoryParam(g) === value) ?? "all") as CategoryGroup | "all",
        }))}
      >
        <option value="">{t("filters.allCategories")}</option>
        {groups.map((group) => (
          <option key={group} value={categoryParam(group)}>
            {t(`categories.${group}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("product.availability")}
        name="availability"
        key={keyOf("availability", values.availability)}
        {...field(values.availability, (value) => ({ availability: value as AvailabilityChoice }))}
      >
        {availabilityChoices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`filters.availability.${choice}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3 pb-2 sm:col-span-2 lg:col-span-4">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="changed"
            value="today"
            className="size-4"
            key={keyOf("changed", values.changedToday)}
            {...(onChange
              ? { checked: values.changedToday, onChange: (e) => set({ changedToday: e.currentTarget.checked }) }
              : { defaultChecked: values.changedToday })}
          />
          {t("prices.changedToday")}
        </label>
        {children}
      </div>
    </div>
  );
}
