import { useTranslation } from "~/i18n/use-translation";
import { lacksSpanishName, type ListNames } from "../names";

/** Staff reading Spanish see which lists their Spanish-speaking customers still read in English. */
export function NoSpanishName({ list }: { list: ListNames }) {
  const { t, i18n } = useTranslation("prices");
  if (!lacksSpanishName(list, i18n.language)) return null;
  return (
    <span className="inline-flex rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      {t("manage.noSpanishName")}
    </span>
  );
}
