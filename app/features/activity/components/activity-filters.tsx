import { useTranslation } from "~/i18n/use-translation";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import {
  activityActions,
  activityEntities,
  activitySearch,
  hasActiveFilters,
  NO_ACTOR,
  PRODUCT_TEXT_MAX,
  type ActivityFilters,
  type FilterErrors,
} from "../schema";
import type { ActivityLogView } from "../types";

type Props = {
  filters: ActivityFilters;
  errors: FilterErrors;
  users: ActivityLogView["users"];
};

/** A plain GET form: it works without JavaScript, and the URL keeps the filters (a new search starts at page 1). */
export function ActivityFiltersForm({ filters, errors, users }: Props) {
  const { t } = useTranslation("activity");
  const options = users.ok ? users.options : [];
  // The chosen user stays selectable when the list could not be loaded or no longer has them.
  const chosenIsListed = !filters.user || filters.user === NO_ACTOR || options.some((o) => o.id === filters.user);
  // A remembered bad value is not put back into the field: the form shows what is applied.
  const fieldError = (field: keyof FilterErrors) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <Form
      noValidate
      // Remounted when the applied filters change (a link such as "Clear filters"), so the fields follow.
      key={activitySearch(filters, 1)}
      method="get"
      role="search"
      aria-label={t("filters.label")}
      className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-6 dark:border-slate-700"
    >
      <SelectField
        label={t("filters.entity")}
        name="entity"
        defaultValue={filters.entity ?? ""}
        error={fieldError("entity")}
        className="lg:col-span-1"
      >
        <option value="">{t("filters.anyEntity")}</option>
        {activityEntities.map((e) => (
          <option key={e} value={e}>
            {t(`entities.${e}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("filters.action")}
        name="action"
        defaultValue={filters.action ?? ""}
        error={fieldError("action")}
        className="lg:col-span-1"
      >
        <option value="">{t("filters.anyAction")}</option>
        {activityActions.map((a) => (
          <option key={a} value={a}>
            {t(`actions.${a}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("filters.user")}
        name="user"
        defaultValue={filters.user ?? ""}
        error={fieldError("user")}
        className="lg:col-span-2"
      >
        <option value="">{t("filters.anyUser")}</option>
        <option value={NO_ACTOR}>{t("filters.noActor")}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name ? `${o.name} (${o.contact})` : o.contact}
          </option>
        ))}
        {chosenIsListed ? null : <option value={filters.user ?? ""}>{t("filters.unknownUser")}</option>}
      </SelectField>
      <TextField
        type="date"
        label={t("filters.from")}
        name="from"
        defaultValue={filters.from ?? ""}
        min="2000-01-01"
        max="2999-12-31"
        error={fieldError("from")}
        hint={t("filters.datesHint")}
        className="lg:col-span-1"
      />
      <TextField
        type="date"
        label={t("filters.to")}
        name="to"
        defaultValue={filters.to ?? ""}
        min="2000-01-01"
        max="2999-12-31"
        error={fieldError("to")}
        className="lg:col-span-1"
      />
      <TextField
        type="search"
        label={t("filters.product")}
        name="product"
        defaultValue={filters.product ?? ""}
        maxLength={PRODUCT_TEXT_MAX}
        error={fieldError("product")}
        hint={t("filters.productHint")}
        className="sm:col-span-2"
      />
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="primary">
          {t("filters.apply")}
        </Button>
        {hasActiveFilters(filters) || Object.keys(errors).length > 0 ? (
          <Link to="/activity" className={buttonClasses("ghost")}>
            {t("filters.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
