import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { formatMoney } from "~/lib/money";
import type { SavePricesResult } from "../edit-prices.server";
import type { ReapplyPreviewRow } from "../items.server";

type Preview = { kind: "reapply"; revision: number; changes: ReapplyPreviewRow[] };

/** D14: what re-applying the parent's prices would change, shown before anything is written. */
export function ReapplyPanel({ parentName, names }: { parentName: string; names: Map<string, string> }) {
  const { t, i18n } = useTranslation("prices");
  const preview = useFetcher<Preview>();
  const apply = useFetcher<SavePricesResult>();
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, i18n.language));
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
        data.changes.length === 0 ? (
          <p>{t("editor.reapplyNothing")}</p>
        ) : (
          <div className="space-y-3">
            <table className="w-full max-w-xl text-left text-sm">
              <thead className="text-slate-700 dark:text-slate-300">
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    {t("private.product")}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t("manage.previewNow")}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t("manage.previewNew")}
                  </th>
                </tr>
              </thead>
              <tbody data-testid="reapply-preview">
                {data.changes.map((c) => (
                  <tr key={c.productId}>
                    <td className="py-1">{names.get(c.productId) ?? "—"}</td>
                    <td className="py-1 text-right tabular-nums">{money(c.oldCents)}</td>
                    <td className="py-1 text-right font-semibold tabular-nums">{money(c.newCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Button
              onClick={() =>
                void apply.submit({ intent: "reapply", revision: String(data.revision) }, { method: "post" })
              }
              disabled={apply.state !== "idle"}
            >
              {t("editor.reapplyApply", { count: data.changes.length })}
            </Button>
          </div>
        )
      ) : null}
    </section>
  );
}
