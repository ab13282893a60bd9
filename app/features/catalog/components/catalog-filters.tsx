import { useTranslation } from "~/i18n/use-translation";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { categoryParam, type CategoryGroup } from "../categories";
import { catalogSearch, sortKeys, SEARCH_MAX, type SortKey } from "../query";

/**
 * The category links and the search and sort form of /products. Both are plain links and a GET
 * form, so filtering works without JavaScript and every view has its own URL.
 */
export function CatalogFilters({
  groups,
  selected,
  sort,
  search,
}: {
  /** The categories in the reader's order. */
  groups: CategoryGroup[];
  /** The group in the URL, or null for all products. */
  selected: CategoryGroup | null;
  sort: SortKey;
  search: string;
}) {
  const { t } = useTranslation("catalog");
  const shown = groups.filter((g) => g !== "uncategorized" || selected === "uncategorized");
  const chip =
    "inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
  const chipIdle =
    "border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";
  const chipActive = "border-brand-700 bg-brand-700 text-white dark:border-brand-500";
  return (
    <div className="space-y-4">
      <nav aria-label={t("products.categoriesLabel")}>
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={`/products${catalogSearch({ sort, search })}`}
              aria-current={selected === null ? "page" : undefined}
              className={cn(chip, selected === null ? chipActive : chipIdle)}
            >
              {t("products.allCategories")}
            </Link>
          </li>
          {shown.map((group) => (
            <li key={group}>
              <Link
                to={`/products${catalogSearch({ category: categoryParam(group), sort, search })}`}
                aria-current={selected === group ? "page" : undefined}
                className={cn(chip, selected === group ? chipActive : chipIdle)}
              >
                {t(`categories.${group}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        noValidate
        method="get"
        action="/products"
        role="search"
        aria-label={t("products.filtersLabel")}
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        {selected ? <input type="hidden" name="category" value={categoryParam(selected)} /> : null}
        <TextField
          label={t("products.searchLabel")}
          name="q"
          type="search"
          defaultValue={search}
          key={search}
          maxLength={SEARCH_MAX}
          placeholder={t("products.searchPlaceholder")}
          autoComplete="off"
        />
        <SelectField label={t("products.sortLabel")} name="sort" defaultValue={sort} key={sort}>
          {sortKeys.map((key) => (
            <option key={key} value={key}>
              {t(`sorts.${key}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary">
          {t("products.apply")}
        </Button>
      </Form>
      {search ? (
        <p>
          <Link
            to={`/products${catalogSearch({ category: selected ? categoryParam(selected) : null, sort })}`}
            className="text-sm font-medium text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-100"
          >
            {t("products.clearSearch")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
