import { useTranslation } from "~/i18n/use-translation";
import { TextField } from "~/components/ui/field";
import { DESCRIPTION_MAX, NAME_MAX, type PricesErrorKey } from "../schema";
import type { ListDescriptions, ListNames } from "../names";
import type { PriceListFlags } from "../lists.server";

type Errors = Partial<Record<string, PricesErrorKey>>;

/**
 * A list's name and description in both languages. The English name is required; the Spanish may
 * stay empty, and Spanish readers then read the English (docs/decisions/010-price-lists.md).
 */
export function ListTextFields({ errors, values }: { errors: Errors; values?: ListNames & ListDescriptions }) {
  const { t } = useTranslation("prices");
  const error = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <>
      <TextField
        label={t("manage.nameEn")}
        name="name"
        required
        maxLength={NAME_MAX}
        defaultValue={values?.name}
        error={error("name")}
      />
      <TextField
        label={t("manage.nameEs")}
        name="nameEs"
        maxLength={NAME_MAX}
        defaultValue={values?.nameEs ?? ""}
        hint={t("manage.spanishHint")}
        error={error("nameEs")}
      />
      <TextField
        label={t("manage.descriptionEn")}
        name="description"
        maxLength={DESCRIPTION_MAX}
        defaultValue={values?.description ?? ""}
        error={error("description")}
      />
      <TextField
        label={t("manage.descriptionEs")}
        name="descriptionEs"
        maxLength={DESCRIPTION_MAX}
        defaultValue={values?.descriptionEs ?? ""}
        error={error("descriptionEs")}
      />
    </>
  );
}

/** Whether the list is the public one, the customers' default, a template. */
export function ListFlagFields({ values }: { values?: PriceListFlags }) {
  const { t } = useTranslation("prices");
  return (
    <fieldset className="flex flex-wrap gap-4 md:col-span-2">
      <legend className="mb-1 text-sm font-medium">{t("manage.flags")}</legend>
      {(["isPublic", "isDefaultForCustomers", "isTemplate"] as const).map((flag) => (
        <label key={flag} className="flex items-center gap-2 text-sm">
          <input type="checkbox" name={flag} className="size-4" defaultChecked={values?.[flag]} />
          {t(`manage.flag.${flag}`)}
        </label>
      ))}
    </fieldset>
  );
}
