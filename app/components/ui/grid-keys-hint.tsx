import { useTranslation } from "~/i18n/use-translation";

/**
 * The keys of a grid of cells (see `moveInGrid`), said above it for a person with a keyboard. On a
 * touch screen, where there is none, it is neither shown nor read.
 */
export function GridKeysHint() {
  const { t } = useTranslation();
  return <p className="hidden text-xs text-slate-600 pointer-fine:block dark:text-slate-400">{t("gridKeys")}</p>;
}
