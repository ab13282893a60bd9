import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import type { SavePricesResult } from "../edit-prices.server";
import type { ReapplyPreviewRow } from "../items.server";
import { PriceChangeTable } from "./price-change-table";

type Preview = { kind: "reapply"; revision: number; count: number; changes: (ReapplyPreviewRow & { name: string })[] };

/** What re-applying the parent's prices would change, shown before anything is written. */
export function ReapplyPanel({ parentName }: { parentName: string }) {
  const { t } = useTranslation("prices");
  const preview = useFetcher<Preview>();
  const apply = useFetcher<SavePricesResult>();
  const data = preview.data;
  const result = apply.state === "idle" ? apply.data : undefined;
  return (
    <section aria-labelledby="reapply-heading" className="space-y-3">
      <h2 id="reapply-heading" className="text-xl font-semibold">
        {t("editor.reapplyHeading")}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t("editor.reapplyIntro", { parent: parentName })}</p>
      <Button variant="outline" onClick={() => void preview.load("?reapply=preview")}>
        {t("editor.reapplyPreview")}
      </Button>
      <div aria-live="polite">
        {result?.ok ? <FormAlert tone="success">{t("editor.saved")}</FormAlert> : null}
        {result && !result.ok ? <FormAlert>{t(result.message)}</FormAlert> : null}
      </div>
      {data && !result?.ok ? (
        data.count === 0 ? (
          <p>{t("editor.reapplyNothing")}</p>
        ) : (
          <div className="space-y-3">
            {data.count > data.changes.length ? (
              <p className="text-sm">{t("editor.firstChanges", { shown: data.changes.length, count: data.count })}</p>
            ) : null}
            <PriceChangeTable
              testId="reapply-preview"
              rows={data.changes.map((c) => ({
                key: c.productId,
                name: c.name,
                now: c.oldCents,
                next: c.newCents,
              }))}
            />
            <Button
              onClick={() =>
                void apply.submit({ intent: "reapply", revision: String(data.revision) }, { method: "post" })
              }
              disabled={apply.state !== "idle"}
            >
              {t("editor.reapplyApply", { count: data.count })}
            </Button>
          </div>
        )
      ) : null}
    </section>
  );
}
