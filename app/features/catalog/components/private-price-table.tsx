import { useTranslation } from "react-i18next";
import { groupConsecutive, groupOf } from "~/features/catalog/categories";
import { unitAndPackLabeler } from "~/features/catalog/format";
import { formatMoney } from "~/lib/money";

/** One item of a price list as /pricesprivate shows it; a null price reads "ask us". */
export type PrivatePriceRow = {
  /** Unique within a list: the row's key. */
  slug: string;
  name: string;
  category: string | null;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  priceCents: number | null;
};

type PackedRow = [string, string, string | null, string | null, number | null, string | null, number | null];

/**
 * The rows as the page's data carries them: one JSON text of tuples. React Router encodes loader
 * data value by value, which for a list of thousands of items cost the server twice what rendering
 * the table did; one string is encoded at native speed, in a third of the size.
 */
export function packPriceRows(rows: readonly PrivatePriceRow[]): string {
  return JSON.stringify(
    rows.map((r): PackedRow => [r.slug, r.name, r.category, r.unit, r.packValue, r.packUnit, r.priceCents]),
  );
}

export function unpackPriceRows(packed: string): PrivatePriceRow[] {
  return (JSON.parse(packed) as PackedRow[]).map(([slug, name, category, unit, packValue, packUnit, priceCents]) => ({
    slug,
    name,
    category,
    unit,
    packValue,
    packUnit,
    priceCents,
  }));
}

/**
 * A list's items in one table per category, in the order given (by category, then name). Also
 * rendered on its own by the price page benchmark's bare handler (scripts/lib/bare-price-server.tsx).
 */
export function PrivatePriceTable({ items }: { items: PrivatePriceRow[] }) {
  const { t, i18n } = useTranslation(["prices", "catalog"]);
  const groups = groupConsecutive(items, (row) => groupOf(row.category));
  const unitAndPack = unitAndPackLabeler(t, i18n.language);
  return (
    <div className="space-y-8">
      {groups.map(({ group, items: rows }) => (
        <section key={group} aria-labelledby={`private-prices-${group}`} className="space-y-2">
          <h2 id={`private-prices-${group}`} className="text-xl font-semibold">
            {t(`categories.${group}`, { ns: "catalog" })}
          </h2>
          <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
            <table className="w-full table-fixed text-left text-sm">
              <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
                <tr>
                  <th scope="col" className="w-1/2 px-3 py-2 font-medium">
                    {t("private.product")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("private.unit")}
                  </th>
                  <th scope="col" className="w-28 px-3 py-2 text-right font-medium">
                    {t("private.price")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {rows.map((row) => (
                  <tr key={row.slug} data-product={row.slug}>
                    <th scope="row" className="px-3 py-2 font-medium">
                      {row.name}
                    </th>
                    <td className="px-3 py-2 text-slate-700 dark:text-slate-300">{unitAndPack(row)}</td>
                    <td className="px-3 py-2 text-right font-semibold tabular-nums">
                      {row.priceCents === null ? (
                        <span className="font-normal text-slate-700 dark:text-slate-300">{t("private.noPrice")}</span>
                      ) : (
                        formatMoney(row.priceCents, i18n.language)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
