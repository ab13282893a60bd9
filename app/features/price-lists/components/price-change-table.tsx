import { Table, TableBody, TableCell, TableHead, TableHeaderCell } from "~/components/ui/table";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/lib/money";

/** A price, no price, or (in a saved version) the item not being in the list at all. */
type ShownPrice = number | null | "absent";

export type PriceChangeRow = { key: string; name: string; now: ShownPrice; next: ShownPrice };

/**
 * Two prices of each product, the second in bold: now and as it will be, in the previews shown
 * before anything is saved, or a saved version's and today's when the two are compared.
 */
export function PriceChangeTable({
  rows,
  testId,
  columns,
  noPrice = "—",
}: {
  rows: PriceChangeRow[];
  testId?: string;
  /** The price columns' names, when they are not the previews' "Now" and "New". */
  columns?: { now: string; next: string };
  noPrice?: string;
}) {
  const { t, i18n } = useTranslation("prices");
  const show = (price: ShownPrice) =>
    price === "absent" ? t("editor.absent") : price === null ? noPrice : formatMoney(price, i18n.language);
  return (
    <div className="max-w-xl">
      <Table>
        <TableHead>
          <tr>
            <TableHeaderCell>{t("private.product")}</TableHeaderCell>
            <TableHeaderCell numeric>{columns?.now ?? t("manage.previewNow")}</TableHeaderCell>
            <TableHeaderCell numeric>{columns?.next ?? t("manage.previewNew")}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody data-testid={testId}>
          {rows.map((row) => (
            <tr key={row.key}>
              <TableCell>{row.name}</TableCell>
              <TableCell numeric>{show(row.now)}</TableCell>
              <TableCell numeric className="font-semibold">
                {show(row.next)}
              </TableCell>
            </tr>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
