import { useTranslation } from "~/i18n/use-translation";
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

/** A row with its category, unit and pack unit as positions in the list of words. */
type PackedRow = [
  slug: string,
  name: string,
  category: number,
  unit: number,
  packValue: number | null,
  packUnit: number,
  priceCents: number | null,
];
type PackedRows = { words: Array<string | null>; rows: PackedRow[] };

/**
 * The rows as the page's data carries them: one JSON text. React Router encodes loader data value
 * by value, which for a list of thousands of items cost the server twice what rendering the table
 * did; one string is encoded at native speed. A list holds a few dozen distinct categories, units
 * and pack units, so each is written once and the rows point to it: every quote in the text is
 * escaped twice on its way into the page's HTML, and this leaves two quoted values a row.
 */
export function packPriceRows(rows: readonly PrivatePriceRow[]): string {
  const words: Array<string | null> = [];
  const positions = new Map<string | null, number>();
  const word = (value: string | null) => {
    let at = positions.get(value);
    if (at === undefined) {
      at = words.push(value) - 1;
      positions.set(value, at);
    }
    return at;
  };
  const packed = rows.map((r): PackedRow => [
    r.slug,
    r.name,
    word(r.category),
    word(r.unit),
    r.packValue,
    word(r.packUnit),
    r.priceCents,
  ]);
  return JSON.stringify({ words, rows: packed } satisfies PackedRows);
}

// The same list is asked for again and again (every viewer, every reload after a price change), and
// the same text gives the same rows, which are only ever read: a few are kept.
const recentlyUnpacked = new Map<string, PrivatePriceRow[]>();
const KEEP_UNPACKED = 4;

export function unpackPriceRows(packed: string): PrivatePriceRow[] {
  const kept = recentlyUnpacked.get(packed);
  if (kept) return kept;
  const { words, rows } = JSON.parse(packed) as PackedRows;
  const unpacked = rows.map(([slug, name, category, unit, packValue, packUnit, priceCents]): PrivatePriceRow => ({
    slug,
    name,
    category: words[category],
    unit: words[unit],
    packValue,
    packUnit: words[packUnit],
    priceCents,
  }));
  if (recentlyUnpacked.size >= KEEP_UNPACKED) recentlyUnpacked.delete(recentlyUnpacked.keys().next().value!);
  recentlyUnpacked.set(packed, unpacked);
  return unpacked;
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
