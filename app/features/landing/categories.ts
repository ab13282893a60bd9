import type { Lang } from "~/i18n/config";
import type { LandingCategory } from "./content";

/**
 * The specification sorts the category cards alphabetically by their translated name: the
 * order therefore differs by language. Compared the way the reader's language sorts words.
 */
export function sortCategoriesByName<C extends Pick<LandingCategory, "id">>(
  categories: readonly C[],
  nameOf: (category: C) => string,
  lang: Lang,
): C[] {
  const collator = new Intl.Collator(lang, { sensitivity: "base" });
  return [...categories].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}
