import { useCallback } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney, parsePriceInput } from "~/lib/money";
import type { CategoryGroup } from "../categories";
import type { EditableField } from "../product-fields";

/**
 * A field's value as people read it (a category's or availability's name, "yes", a price as
 * money), from the text the grid holds: a saved value, a typed one or another person's.
 */
export function useValueText() {
  const { t, i18n } = useTranslation("products");
  const { t: tc } = useTranslation("catalog");
  const lang = i18n.language;
  return useCallback(
    (field: EditableField, text: string) => {
      if (field === "category") return tc(`categories.${(text || "uncategorized") as CategoryGroup}`);
      if (field === "availability") {
        return text === "in_stock" || text === "out_of_stock" ? t(`manage.availabilityValues.${text}`) : text;
      }
      if (field === "active" || field === "hidden") return text === "true" ? t("manage.yes") : t("manage.no");
      if (field === "basePrice") {
        const cents = text.trim() === "" ? null : parsePriceInput(text);
        return cents === null ? text || "—" : formatMoney(cents, lang);
      }
      return text || "—";
    },
    [t, tc, lang],
  );
}
