import { cn } from "~/lib/cn";
import { FINAL_STATUS_KEYS, isErrorStatus, isSuccessStatus, type FinalStatus } from "../../engine/statuses";
import { useImportText } from "./use-import-text";

const tones = {
  success: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  error: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  skipped: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  pending: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

/** A final status in words, coloured by its kind; the words carry the meaning. */
export function StatusBadge({ status }: { status: FinalStatus }) {
  const { t } = useImportText();
  const tone = isSuccessStatus(status)
    ? "success"
    : isErrorStatus(status)
      ? "error"
      : status.startsWith("skipped_")
        ? "skipped"
        : "pending";
  return (
    <span className={cn("inline-flex rounded-md px-2 py-0.5 text-xs font-medium", tones[tone])}>
      {t(FINAL_STATUS_KEYS[status])}
    </span>
  );
}
