import { useId } from "react";
import { formatNumber } from "~/lib/locale";
import { cn } from "~/lib/cn";
import { useImportText } from "./use-import-text";

/** The summary's counts, with the success and error counts. */
export type ImportSummaryCounts = {
  totalProcessed: number;
  created: number;
  updated: number;
  /** Products found and already up to date, and repeated items: "unchanged (skipped)". */
  unchanged: number;
  errors: number;
  processedInactive: number;
  /** Rows that are not products (services, fees, invalid descriptions). */
  invalidRowsSkipped: number;
  successCount: number;
  errorCount: number;
};

const ORDER = [
  "totalProcessed",
  "created",
  "updated",
  "unchanged",
  "errors",
  "processedInactive",
  "invalidRowsSkipped",
  "successCount",
  "errorCount",
] as const satisfies readonly (keyof ImportSummaryCounts)[];

/**
 * The import's summary: total processed, new, updated, unchanged (skipped),
 * errors, processed inactive, invalid rows skipped, and the success and error counts.
 */
export function ImportSummary({ counts, heading }: { counts: ImportSummaryCounts; heading?: string }) {
  const { t, lang } = useImportText();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="import-summary">
      <h3 id={headingId} className="text-lg font-semibold">
        {heading ?? t("screen.summary.heading")}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {ORDER.map((key) => (
          <div
            key={key}
            data-count={key}
            className={cn(
              "rounded-lg border p-3",
              (key === "errors" || key === "errorCount") && counts[key] > 0
                ? "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950"
                : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900",
            )}
          >
            <dt className="text-sm text-slate-700 dark:text-slate-300">{t(`screen.summary.${key}`)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{formatNumber(counts[key], lang)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
