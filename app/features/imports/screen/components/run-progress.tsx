import { useId } from "react";
import { MAX_BATCH_ATTEMPTS } from "../../run/run-messages";
import { useImportText } from "./use-import-text";

/** A labelled progress bar; the label is there to read, not announced at every step. */
export function ProgressBar({ label, value, max }: { label: string; value?: number; max?: number }) {
  const id = useId();
  return (
    <div className="space-y-1" data-testid="progress">
      <p id={id} className="text-sm font-medium">
        {label}
      </p>
      <progress aria-labelledby={id} value={value} max={max} className="h-2 w-full accent-brand-700" />
    </div>
  );
}

/**
 * The run's progress: 'Processing Batch X of Y', with 'attempt N/3' while a batch is tried
 * again, the bar filled by the batches done, and the rows done below it.
 */
export function BatchProgress({
  batch,
  totalBatches,
  doneBatches,
  attempt = 1,
  rows,
}: {
  batch: number;
  totalBatches: number;
  doneBatches: number;
  attempt?: number;
  rows?: { done: number; total: number };
}) {
  const { t } = useImportText();
  const current = Math.min(Math.max(batch, 1), Math.max(totalBatches, 1));
  let label = t("run.progress.batch", { current, total: totalBatches });
  if (attempt > 1) label += ` (${t("run.progress.attempt", { attempt, max: MAX_BATCH_ATTEMPTS })})`;
  return (
    <div className="space-y-1" data-testid="batch-progress" data-batch={current} data-attempt={attempt}>
      <ProgressBar label={label} value={doneBatches} max={Math.max(totalBatches, 1)} />
      {rows ? (
        <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
          {t("run.progress.rows", { done: rows.done, total: rows.total })}
        </p>
      ) : null}
    </div>
  );
}
