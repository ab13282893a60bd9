import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/money";

export type PriceChangeRow = { key: string; name: string; now: number | null; next: number | null };

/** A product's price now and as it will be, for the previews shown before anything is saved. */
export function PriceChangeTable({ rows, testId }: { rows: PriceChangeRow[]; testId: string }) {
  const { t, i18n } = useTranslation("prices");
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, i18n.language));
  return (
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
      <tbody data-testid={testId}>
        {rows.map((row) => (
          <tr key={row.key}>
            <td className="py-1">{row.name}</td>
            <td className="py-1 text-right tabular-nums">{money(row.now)}</td>
            <td className="py-1 text-right font-semibold tabular-nums">{money(row.next)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
