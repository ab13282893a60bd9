import { useTranslation } from "~/i18n/use-translation";

/**
 * The keys of a grid of cells (see `moveInGrid`), said above it, for a person with a keyboard: on a
 * touch screen, where there is none, it is not shown.
 */
export function GridKeysHint({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="hidden text-xs text-slate-600 pointer-fine:block dark:text-slate-400">
      {t("gridKeys")}
    </p>
  );
}
