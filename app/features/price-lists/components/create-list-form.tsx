import { useEffect, useState, type ComponentType, type ReactNode, type RefAttributes } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useFetcher, useNavigation, type FetcherFormProps } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField, TextField, useFormFeedback } from "~/components/ui/field";
import { applyAdjustment, type AdjustmentType } from "~/lib/money";
import { PriceChangeTable } from "./price-change-table";
import { parseAdjustment, type ListActionResult } from "../schema";
import { ListFlagFields, ListTextFields } from "./list-fields";

type Preview = { kind: "preview"; preview: { name: string; priceCents: number }[] };

/** A list the new one may copy. */
export type SourceList = { slug: string; name: string };

/** The form element the fields are posted with: the page's `Form`, or a fetcher's in a dialog. */
type FormElement = ComponentType<FetcherFormProps & RefAttributes<HTMLFormElement>>;

/** The price lists screen's section: its heading above the fields, posted as a navigation. */
export function CreateListForm({ lists, result }: { lists: SourceList[]; result?: ListActionResult }) {
  const { t } = useTranslation("prices");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <section
      aria-labelledby="create-list"
      className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="create-list" className="text-xl font-semibold">
        {t("manage.createHeading")}
      </h2>
      <CreateListFields key={result?.ok ? result.slug : "form"} form={Form} lists={lists} result={result} busy={busy} />
    </section>
  );
}

/**
 * A new list, empty or copied from another with an optional fixed or percentage adjustment;
 * the first prices of the source are shown as they will be, rounded half-up to the cent. Posted as
 * the "create" intent of the list actions (actions.server.ts) by the price lists screen and by the
 * import screen's dialog, so both create lists one way.
 */
export function CreateListFields({
  form: FormElement,
  action,
  lists,
  result,
  busy,
  actions,
}: {
  form: FormElement;
  /** Where the form posts; its own route when not given. */
  action?: string;
  lists: SourceList[];
  result?: ListActionResult;
  busy: boolean;
  /** Shown beside the submit button (a dialog's Cancel). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation("prices");
  const preview = useFetcher<Preview>();
  const [source, setSource] = useState("");
  const [type, setType] = useState<"none" | AdjustmentType>("none");
  const [value, setValue] = useState("");
  const errors = result && !result.ok ? result.errors : {};
  const feedback = useFormFeedback(result);

  const { load } = preview;
  useEffect(() => {
    if (source) void load(`/prices-manage?preview=${encodeURIComponent(source)}`);
  }, [source, load]);

  const adjustment = type === "none" || value.trim() === "" ? null : parseAdjustment(type, value);
  const invalid = type !== "none" && value.trim() !== "" && adjustment === null;
  const rows = source && preview.data?.kind === "preview" ? preview.data.preview : [];

  return (
    <FormElement noValidate ref={feedback} method="post" action={action} className="grid gap-4 md:grid-cols-2">
      <input type="hidden" name="intent" value="create" />
      <ListTextFields errors={errors} />
      <SelectField
        label={t("manage.source")}
        name="source"
        value={source}
        onChange={(e) => setSource(e.currentTarget.value)}
      >
        <option value="">{t("manage.startEmpty")}</option>
        {lists.map((l) => (
          <option key={l.slug} value={l.slug}>
            {t("manage.copyOf", { name: l.name })}
          </option>
        ))}
      </SelectField>
      {source ? (
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={t("manage.adjustmentType")}
            name="adjustmentType"
            value={type}
            onChange={(e) => setType(e.currentTarget.value as typeof type)}
          >
            <option value="none">{t("manage.noAdjustment")}</option>
            <option value="percentage">{t("manage.percentage")}</option>
            <option value="fixed">{t("manage.fixed")}</option>
          </SelectField>
          {type !== "none" ? (
            <TextField
              label={type === "percentage" ? t("manage.percentValue") : t("manage.fixedValue")}
              name="adjustmentValue"
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              hint={t("manage.adjustmentHint")}
              error={invalid || errors.adjustmentValue ? t("errors.adjustmentInvalid") : undefined}
            />
          ) : null}
        </div>
      ) : null}
      <ListFlagFields />
      {rows.length > 0 ? (
        <div className="md:col-span-2">
          <h3 className="mb-2 text-sm font-semibold">{t("manage.previewHeading")}</h3>
          <PriceChangeTable
            testId="create-preview"
            rows={rows.map((row) => ({
              key: row.name,
              name: row.name,
              now: row.priceCents,
              next: applyAdjustment(row.priceCents, adjustment === null ? null : (type as AdjustmentType), adjustment),
            }))}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2 md:col-span-2">
        <Button type="submit" disabled={busy || invalid}>
          {t("manage.create")}
        </Button>
        {actions}
      </div>
    </FormElement>
  );
}
