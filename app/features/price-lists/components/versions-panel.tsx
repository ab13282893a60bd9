import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DateTime } from "~/components/ui/date-time";
import { FormAlert, TextField } from "~/components/ui/field";
import type { SavePricesResult } from "../edit-prices.server";
import { REASON_MAX } from "../schema";
import type { VersionSummary } from "../versions.server";
import { PriceChangeTable } from "./price-change-table";

type Comparison = {
  kind: "compare";
  version: number;
  differences: number;
  rows: { productId: string; name: string; left: number | null | "absent"; right: number | null | "absent" }[];
};

/** A version's prices beside the current ones, differences only. */
function ComparisonTable({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation("prices");
  return (
    <div className="space-y-2" data-testid="version-comparison">
      <h3 className="font-semibold">{t("editor.compareHeading", { number: comparison.version })}</h3>
      {comparison.differences > comparison.rows.length ? (
        <p className="text-sm">
          {t("editor.firstChanges", { shown: comparison.rows.length, count: comparison.differences })}
        </p>
      ) : null}
      {comparison.rows.length === 0 ? (
        <p>{t("editor.compareNone")}</p>
      ) : (
        <PriceChangeTable
          rows={comparison.rows.map((r) => ({ key: r.productId, name: r.name, now: r.left, next: r.right }))}
          columns={{ now: t("editor.compareThen"), next: t("editor.compareNow") }}
          noPrice={t("private.noPrice")}
        />
      )}
    </div>
  );
}

/** An automatic version's reason, as people read it. */
function useReason() {
  const { t } = useTranslation("prices");
  return (reason: string | null, automatic: boolean) => {
    if (!automatic) return reason;
    if (reason === "reapply" || reason === "deleted") return t(`editor.reasons.${reason}`);
    if (reason?.startsWith("import:")) return t("editor.reasons.import");
    const restored = reason?.match(/^restore:(\d+)$/);
    return restored ? t("editor.reasons.restore", { number: Number(restored[1]) }) : reason;
  };
}

/** Save the list as a version with an optional reason, browse versions, restore one. */
export function VersionsPanel({ versions, revision }: { versions: VersionSummary[]; revision: number }) {
  const { t } = useTranslation("prices");
  const fetcher = useFetcher<SavePricesResult>();
  const compare = useFetcher<Comparison>();
  const [restoring, setRestoring] = useState<number | null>(null);
  const reasonOf = useReason();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-labelledby="versions-heading" className="space-y-4">
      <h2 id="versions-heading" className="text-xl font-semibold">
        {t("editor.versionsHeading")}
      </h2>
      <fetcher.Form
        noValidate
        method="post"
        className="flex flex-wrap items-end gap-2"
        key={result?.ok ? versions.length : "form"}
      >
        <input type="hidden" name="intent" value="version" />
        <TextField label={t("editor.versionReason")} name="reason" maxLength={REASON_MAX} className="min-w-64" />
        <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
          {t("editor.saveVersion")}
        </Button>
      </fetcher.Form>
      <div aria-live="polite">
        {result?.ok ? (
          <FormAlert tone="success">
            {"version" in result ? t("editor.versionSaved", { number: result.version }) : t("editor.saved")}
          </FormAlert>
        ) : result ? (
          <FormAlert>{t(result.message)}</FormAlert>
        ) : null}
      </div>
      {versions.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t("editor.noVersions")}</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {versions.map((v) => (
            <li key={v.number} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm">
              <div>
                <p className="font-medium">
                  {t("editor.versionNumber", { number: v.number })}
                  {v.automatic ? (
                    <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">({t("editor.automatic")})</span>
                  ) : null}
                </p>
                <p className="text-slate-700 dark:text-slate-300">
                  <DateTime value={v.createdAt} />
                  {v.authorName ? ` · ${t("editor.by", { name: v.authorName })}` : ""} ·{" "}
                  {t("editor.itemCount", { count: v.itemCount })}
                </p>
                {reasonOf(v.reason, v.automatic) ? (
                  <p className="text-slate-700 dark:text-slate-300">{reasonOf(v.reason, v.automatic)}</p>
                ) : null}
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="ghost" onClick={() => void compare.load(`?compare=${v.number}`)}>
                  {t("editor.compare")}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setRestoring(v.number)}>
                  {t("editor.restoreVersion")}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {compare.data?.kind === "compare" ? <ComparisonTable comparison={compare.data} /> : null}
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={t("editor.restoreTitle", { number: restoring ?? 0 })}
        description={t("editor.restoreBody")}
        confirmLabel={t("editor.restoreConfirm")}
        cancelLabel={t("manage.cancel")}
        onConfirm={() => {
          if (restoring === null) return;
          void fetcher.submit(
            { intent: "restore-version", version: String(restoring), revision: String(revision) },
            { method: "post" },
          );
          setRestoring(null);
        }}
      />
    </section>
  );
}
