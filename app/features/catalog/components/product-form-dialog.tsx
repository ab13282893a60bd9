import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/components/ui/date-time";
import { Dialog } from "~/components/ui/dialog";
import { FormAlert, SelectField, TextField } from "~/components/ui/field";
import { categories } from "../categories";
import type { ManageResult } from "../manage-actions.server";
import type { ManagedProduct } from "../manage.server";
import {
  DESCRIPTION_MAX,
  fieldsAsText,
  NAME_MAX,
  parseProductFields,
  type EditableField,
  type FieldErrors,
} from "../product-fields";

const blank: Record<EditableField, string> = {
  nameEn: "",
  nameEs: "",
  slug: "",
  category: "",
  basePrice: "",
  quantity: "",
  unit: "",
  packValue: "",
  packUnit: "",
  availability: "in_stock",
  active: "true",
  hidden: "false",
  quickbooksId: "",
  sku: "",
  popularity: "0",
  descriptionEn: "",
  descriptionEs: "",
};

/**
 * Every field of one product: a new product, or all fields of an existing
 * one, including those the grid does not show (web address, descriptions).
 */
export function ProductFormDialog({ product, onClose }: { product?: ManagedProduct; onClose: () => void }) {
  const { t, i18n } = useTranslation("products");
  const { t: tc } = useTranslation("catalog");
  const fetcher = useFetcher<ManageResult>();
  const revalidator = useRevalidator();
  const original = product ? fieldsAsText(product) : blank;
  const [values, setValues] = useState(original);
  const [shownErrors, setShownErrors] = useState<FieldErrors>({});
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const serverErrors =
    result && !result.ok && "fieldErrors" in result ? (result.fieldErrors?.[product?.id ?? "new"] ?? {}) : {};
  const errors = { ...serverErrors, ...shownErrors };

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    toast.success(t(fetcher.data.kind === "created" ? "manage.created" : "manage.saved"));
    onClose();
  }, [fetcher.state, fetcher.data, onClose, t]);

  const changed = Object.fromEntries(
    Object.entries(values).filter(([field, value]) => !product || original[field as EditableField] !== value),
  );
  const conflict = result && !result.ok && "conflicts" in result ? result.conflicts[0] : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseProductFields(changed);
    const missing: FieldErrors = {};
    if (!product && !values.nameEn.trim()) missing.nameEn = "manage.errors.nameRequired";
    if (!product && !values.nameEs.trim()) missing.nameEs = "manage.errors.nameRequired";
    const found = { ...(parsed && !parsed.ok ? parsed.errors : {}), ...missing };
    setShownErrors(found);
    if (Object.keys(found).length > 0) return;
    if (product) {
      if (Object.keys(changed).length === 0) return onClose();
      send(product.revision);
    } else {
      void fetcher.submit({ intent: "create", fields: JSON.stringify(changed) }, { method: "post" });
    }
  };

  /** The revision this form was opened on, or, chosen after a conflict, the other person's. */
  function send(revision: number) {
    const rows = [{ id: product!.id, revision, fields: changed }];
    void fetcher.submit({ intent: "save", rows: JSON.stringify(rows) }, { method: "post" });
  }

  const text = (field: EditableField, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField
      label={t(`manage.fields.${field}`)}
      value={values[field]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [field]: value }));
      }}
      error={errors[field] ? t(errors[field]) : undefined}
      {...extra}
    />
  );
  const area = (field: "descriptionEn" | "descriptionEs") => (
    <div className="space-y-1 sm:col-span-2">
      <label htmlFor={`product-${field}`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t(`manage.fields.${field}`)}
      </label>
      <textarea
        id={`product-${field}`}
        rows={3}
        maxLength={DESCRIPTION_MAX}
        value={values[field]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setValues((v) => ({ ...v, [field]: value }));
        }}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `product-${field}-error` : undefined}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      {errors[field] ? (
        <p id={`product-${field}-error`} className="text-sm text-red-700 dark:text-red-400">
          {t(errors[field])}
        </p>
      ) : null}
    </div>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={
        product
          ? t("manage.form.editTitle", { name: i18n.language === "es" ? product.nameEs : product.nameEn })
          : t("manage.form.createTitle")
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {result && !result.ok ? (
          <FormAlert>
            <p className="font-medium">{t(result.message)}</p>
            {conflict ? (
              <>
                <p className="mt-1">
                  {t("manage.conflictChange", {
                    product: i18n.language === "es" ? conflict.current.nameEs : conflict.current.nameEn,
                    author: conflict.authorName ?? t("manage.someone"),
                    at: formatDateTime(conflict.at, i18n.language),
                  })}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button type="button" size="sm" variant="danger" onClick={() => send(conflict.current.revision)}>
                    {t("manage.overwrite")}
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      void revalidator.revalidate();
                      onClose();
                    }}
                  >
                    {t("manage.reload")}
                  </Button>
                </div>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("nameEn", { required: true, maxLength: NAME_MAX })}
          {text("nameEs", { required: true, maxLength: NAME_MAX })}
          {text("slug", { hint: t("manage.fields.slugHint"), autoComplete: "off" })}
          <SelectField
            label={t("manage.fields.category")}
            value={values.category}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, category: value }));
            }}
            error={errors.category ? t(errors.category) : undefined}
          >
            <option value="">{tc("categories.uncategorized")}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {tc(`categories.${c}`)}
              </option>
            ))}
          </SelectField>
          {text("basePrice", { inputMode: "decimal" })}
          {text("quantity", { inputMode: "decimal" })}
          {text("unit", { hint: t("manage.fields.unitHint") })}
          <div className="grid grid-cols-2 gap-2">
            {text("packValue", { inputMode: "decimal", hint: t("manage.fields.packHint") })}
            {text("packUnit")}
          </div>
          <SelectField
            label={t("manage.fields.availability")}
            value={values.availability}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, availability: value }));
            }}
          >
            <option value="in_stock">{t("manage.availabilityValues.in_stock")}</option>
            <option value="out_of_stock">{t("manage.availabilityValues.out_of_stock")}</option>
          </SelectField>
          <div className="space-y-1">
            <div className="flex items-center gap-2 pt-6">
              <input
                id="product-active"
                type="checkbox"
                checked={values.active === "true"}
                onChange={(e) => {
                  const value = String(e.currentTarget.checked);
                  setValues((v) => ({ ...v, active: value }));
                }}
                aria-describedby="product-active-hint"
                className="size-4"
              />
              <label htmlFor="product-active" className="text-sm font-medium">
                {t("manage.fields.active")}
              </label>
            </div>
            <p id="product-active-hint" className="text-xs text-slate-600 dark:text-slate-400">
              {t("manage.fields.activeHint")}
            </p>
          </div>
          <div className="space-y-1">
            <div className="flex items-center gap-2 pt-6">
              <input
                id="product-hidden"
                type="checkbox"
                checked={values.hidden === "true"}
                onChange={(e) => {
                  const value = String(e.currentTarget.checked);
                  setValues((v) => ({ ...v, hidden: value }));
                }}
                aria-describedby="product-hidden-hint"
                className="size-4"
              />
              <label htmlFor="product-hidden" className="text-sm font-medium">
                {t("manage.fields.hidden")}
              </label>
            </div>
            <p id="product-hidden-hint" className="text-xs text-slate-600 dark:text-slate-400">
              {product?.importReview ? `${t("manage.fields.reviewNote")} ` : null}
              {t("manage.fields.hiddenHint")}
            </p>
          </div>
          {text("quickbooksId", { autoComplete: "off" })}
          {text("sku", { autoComplete: "off" })}
          {text("popularity", { inputMode: "numeric", hint: t("manage.fields.popularityHint") })}
          {area("descriptionEn")}
          {area("descriptionEs")}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t("manage.form.cancel")}
          </Button>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {product ? t("manage.form.apply") : t("manage.form.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
