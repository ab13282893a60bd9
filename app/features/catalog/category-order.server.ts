import type { Lang } from "~/i18n/config";
import { translatorFor } from "~/lib/meta";
import { orderedGroups, type CategoryGroup } from "./categories";

const byLang = new Map<Lang, CategoryGroup[]>();

/**
 * The groups in the reader's alphabetical order, worked out on the server once per language:
 * sorting five names in the browser would first load its collation tables, a long task on a
 * slow phone while the page becomes interactive.
 */
export function readerGroups(lang: Lang): CategoryGroup[] {
  let groups = byLang.get(lang);
  if (!groups) {
    const t = translatorFor(lang);
    groups = orderedGroups((g) => t(`categories.${g}`, { ns: "catalog" }), lang);
    byLang.set(lang, groups);
  }
  return groups;
}
