import { useTranslation } from "~/i18n/use-translation";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { categories, categoryParam } from "../categories";
import { availabilityFilters, statusFilters, type ManageQuery } from "../manage-query";
import { SEARCH_MAX, sortKeys } from "../query";

/** The filter form of /products/manage: a GET form, so every view has its URL and works without JavaScript. */
export function ManageFilters({ query }: { query: ManageQuery }) {
  const { t } = useTranslation("products");
  const { t: tc } = useTranslation("catalog");
  const category =
    query.category.kind === "category"
      ? categoryParam(query.category.category)
      : query.category.kind === "uncategorized"
        ? "uncategorized"
        : "";
  // Keys reset the uncontrolled fields when the URL changes (back button, "clear filters").
  const key = JSON.stringify(query);
  return (
    <Form
      noValidate
      method="get"
      role="search"
      aria-label={t("manage.filtersLabel")}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      key={key}
    >
      <TextField
        label={t("manage.searchLabel")}
        className="lg:col-span-2"
        name="q"
        type="search"
        defaultValue={query.search}
        maxLength={SEARCH_MAX}
        placeholder={t("manage.searchPlaceholder")}
        autoComplete="off"
      />
      <SelectField label={t("manage.category")} name="category" defaultValue={category}>
        <option value="">{tc("filters.allCategories")}</option>
        {categories.map((c) => (
          <option key={c} value={categoryParam(c)}>
            {tc(`categories.${c}`)}
          </option>
        ))}
        <option value="uncategorized">{tc("categories.uncategorized")}</option>
      </SelectField>
      <SelectField label={t("manage.availability")} name="availability" defaultValue={query.availability}>
        {availabilityFilters.map((a) => (
          <option key={a} value={a}>
            {a === "all" ? t("manage.allAvailability") : t(`manage.availabilityValues.${a}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("manage.status")} name="status" defaultValue={query.status}>
        {statusFilters.map((s) => (
          <option key={s} value={s}>
            {t(`manage.statuses.${s}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("manage.sort")} name="sort" defaultValue={query.sort}>
        {sortKeys.map((s) => (
          <option key={s} value={s}>
            {tc(`sorts.${s}`)}
          </option>
        ))}
      </SelectField>
      <div className="flex gap-2">
        <Button type="submit">{t("manage.apply")}</Button>
        <Link
          to="/products/manage"
          className="self-center text-sm font-medium text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-100"
        >
          {tc("filters.clear")}
        </Link>
      </div>
    </Form>
  );
}
