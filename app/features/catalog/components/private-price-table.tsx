import { useTranslation } from "~/i18n/use-translation";
import { groupConsecutive, groupOf } from "~/features/catalog/categories";
import { unitAndPackLabeler } from "~/features/catalog/format";
import { formatMoney } from "~/lib/money";
import { SelectBox, SelectGroupBox, type RowSelection } from "./select-box";

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

/**
 * The rows as the page's data carries them: one JSON text. React Router encodes loader data value
 * by value, which for a list of thousands of items cost the server twice what rendering the table
 * did; one string is encoded at native speed. On its way into the page's HTML that text is
 * escaped twice more, each time quote by quote, so the rows carry no quotes: they are one string
 * of fields joined by "|", seven a row (slug, name, category, unit, pack value, pack unit, price),
 * with "%" and "|" in a text written as %25 and %7C and a missing number left empty. A list holds
 * a few dozen distinct categories, units and pack units, so each is written once, in `words`, and
 * the rows give its position there.
 */
type PackedRows = { words: Array<string | null>; rows: string };
const FIELDS_PER_ROW = 7;
const SEPARATOR = "|";

const escapeField = (text: string) =>
  text.includes("%") || text.includes(SEPARATOR) ? text.replace(/[%|]/g, (c) => (c === "%" ? "%25" : "%7C")) : text;
const unescapeField = (text: string) =>
  text.includes("%") ? text.replace(/%25|%7C/g, (c) => (c === "%25" ? "%" : SEPARATOR)) : text;
const numberField = (text: string) => (text === "" ? null : Number(text));

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
  const fields = new Array<string | number>(rows.length * FIELDS_PER_ROW);
  let at = 0;
  for (const r of rows) {
    fields[at++] = escapeField(r.slug);
    fields[at++] = escapeField(r.name);
    fields[at++] = word(r.category);
    fields[at++] = word(r.unit);
    fields[at++] = r.packValue ?? "";
    fields[at++] = word(r.packUnit);
    fields[at++] = r.priceCents ?? "";
  }
  return JSON.stringify({ words, rows: fields.join(SEPARATOR) } satisfies PackedRows);
}

// The same list is asked for again and again (every viewer, every reload after a price change), and
// the same text gives the same rows, which are only ever read: a few are kept.
const recentlyUnpacked = new Map<string, PrivatePriceRow[]>();
const KEEP_UNPACKED = 4;

export function unpackPriceRows(packed: string): PrivatePriceRow[] {
  const kept = recentlyUnpacked.get(packed);
  if (kept) return kept;
  const { words, rows } = JSON.parse(packed) as PackedRows;
  const fields = rows === "" ? [] : rows.split(SEPARATOR);
  const unpacked: PrivatePriceRow[] = [];
  for (let at = 0; at + FIELDS_PER_ROW <= fields.length; at += FIELDS_PER_ROW) {
    unpacked.push({
      slug: unescapeField(fields[at]),
      name: unescapeField(fields[at + 1]),
      category: words[Number(fields[at + 2])],
      unit: words[Number(fields[at + 3])],
      packValue: numberField(fields[at + 4]),
      packUnit: words[Number(fields[at + 5])],
      priceCents: numberField(fields[at + 6]),
    });
  }
  if (recentlyUnpacked.size >= KEEP_UNPACKED) recentlyUnpacked.delete(recentlyUnpacked.keys().next().value!);
  recentlyUnpacked.set(packed, unpacked);
  return unpacked;
}

/**
 * A list's items in one table per category, in the order given (by category, then name). With a
 * selection, each row and each category can be ticked for printing. Also rendered on its own by
 * the price page benchmark's bare handler (scripts/lib/bare-price-server.tsx).
 */
export function PrivatePriceTable({ items, selection }: { items: PrivatePriceRow[]; selection?: RowSelection }) {
  const { t, i18n } = useTranslation(["prices", "catalog"]);
  const groups = groupConsecutive(items, (row) => groupOf(row.category));
  const unitAndPack = unitAndPackLabeler(t, i18n.language);
  return (
    <div className="space-y-8">
      {groups.map(({ group, items: rows }) => {
        const title = t(`categories.${group}`, { ns: "catalog" });
        return (
          <section key={group} aria-labelledby={`private-prices-${group}`} className="space-y-2">
            <div className="flex items-center gap-3">
              {selection ? (
                <SelectGroupBox selection={selection} slugs={rows.map((r) => r.slug)} title={title} />
              ) : null}
              <h2 id={`private-prices-${group}`} className="text-xl font-semibold">
                {title}
              </h2>
            </div>
            <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
              <table className="w-full table-fixed text-left text-sm">
                <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
                  <tr>
                    {selection ? (
                      <th scope="col" className="w-11 px-3 py-2 font-medium">
                        <span className="sr-only">{selection.labels.column}</span>
                      </th>
                    ) : null}
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
                      {selection ? (
                        <td className="px-3 py-2">
                          <SelectBox selection={selection} slug={row.slug} name={row.name} />
                        </td>
                      ) : null}
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
        );
      })}
    </div>
  );
}
