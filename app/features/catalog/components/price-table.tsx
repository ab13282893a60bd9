import { Link } from "react-router";
import { Table, TableBody, tableCellClasses, TableHead, TableHeaderCell } from "~/components/ui/table";
import { useTranslation } from "~/i18n/use-translation";
import { groupInOrder, groupOf } from "~/features/catalog/categories";
import { unitAndPackLabeler } from "~/features/catalog/format";
import { formatMoney } from "~/lib/money";
import { Availability } from "./availability";
import { SelectBox, SelectGroupBox, type RowSelection } from "./select-box";

/** One item of a price list as its price table shows it; a null price reads "ask us". */
export type PriceRow = {
  /** Unique within a list: the row's key. */
  slug: string;
  name: string;
  category: string | null;
  unit: string | null;
  packValue: number | null;
  packUnit: string | null;
  priceCents: number | null;
  /** False when the product is out of stock; the row says so. */
  available: boolean;
};

/** A row with both names as app/lib/search.ts keys them (product.search_key), for a page that searches its rows. */
export type SearchablePriceRow = PriceRow & {
  searchKey: string;
  /** The business's date (YYYY-MM-DD) the price was last set, for "changed today". */
  pricedDay: string;
};

/**
 * The rows as the page's data carries them: one JSON text. React Router encodes loader data value
 * by value, which for a list of thousands of items cost the server twice what rendering the table
 * did; one string is encoded at native speed. On its way into the page's HTML that text is
 * escaped twice more, each time quote by quote, so the rows carry no quotes: they are one string
 * of fields joined by "|", ten a row (slug, name, category, unit, pack value, pack unit, price,
 * search key, 1 or 0 for in stock, the day the price was set), with "%" and "|" in a text written
 * as %25 and %7C and a missing number left empty. A list holds a few dozen distinct categories,
 * units, pack units and days, so each is written once, in `words`, and the rows give its position
 * there.
 */
type PackedRows = { words: Array<string | null>; rows: string };
const FIELDS_PER_ROW = 10;
const SEPARATOR = "|";

const escapeField = (text: string) =>
  text.includes("%") || text.includes(SEPARATOR) ? text.replace(/[%|]/g, (c) => (c === "%" ? "%25" : "%7C")) : text;
const unescapeField = (text: string) =>
  text.includes("%") ? text.replace(/%25|%7C/g, (c) => (c === "%25" ? "%" : SEPARATOR)) : text;
const numberField = (text: string) => (text === "" ? null : Number(text));

export function packPriceRows(rows: readonly SearchablePriceRow[]): string {
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
    fields[at++] = escapeField(r.searchKey);
    fields[at++] = r.available ? 1 : 0;
    fields[at++] = word(r.pricedDay);
  }
  return JSON.stringify({ words, rows: fields.join(SEPARATOR) } satisfies PackedRows);
}

// The same list is asked for again and again (every viewer, every reload after a price change), and
// the same text gives the same rows, which are only ever read: a few are kept.
const recentlyUnpacked = new Map<string, SearchablePriceRow[]>();
const KEEP_UNPACKED = 4;

export function unpackPriceRows(packed: string): SearchablePriceRow[] {
  const kept = recentlyUnpacked.get(packed);
  if (kept) return kept;
  const { words, rows } = JSON.parse(packed) as PackedRows;
  const fields = rows === "" ? [] : rows.split(SEPARATOR);
  const unpacked: SearchablePriceRow[] = [];
  for (let at = 0; at + FIELDS_PER_ROW <= fields.length; at += FIELDS_PER_ROW) {
    unpacked.push({
      slug: unescapeField(fields[at]),
      name: unescapeField(fields[at + 1]),
      category: words[Number(fields[at + 2])],
      unit: words[Number(fields[at + 3])],
      packValue: numberField(fields[at + 4]),
      packUnit: words[Number(fields[at + 5])],
      priceCents: numberField(fields[at + 6]),
      searchKey: unescapeField(fields[at + 7]),
      available: fields[at + 8] === "1",
      pricedDay: words[Number(fields[at + 9])] ?? "",
    });
  }
  if (recentlyUnpacked.size >= KEEP_UNPACKED) recentlyUnpacked.delete(recentlyUnpacked.keys().next().value!);
  recentlyUnpacked.set(packed, unpacked);
  return unpacked;
}

// Module-level: the rows of a whole list are thousands of cells (see tableCellClasses).
const boxCell = tableCellClasses();
const nameCell = tableCellClasses({}, "font-medium");
// On a phone the unit is shown under the name, so each row stays one line of three short columns;
// its own column is then zero wide but still there, and gives it to a screen reader once.
const zeroWideOnPhone = "max-sm:w-0 max-sm:overflow-hidden max-sm:whitespace-nowrap max-sm:p-0";
const unitCell = tableCellClasses({}, `text-slate-700 dark:text-slate-300 ${zeroWideOnPhone}`);
const unitUnderName = "block text-sm font-normal text-slate-700 sm:hidden dark:text-slate-300";
const priceCell = tableCellClasses({ numeric: true }, "font-semibold");
const productLink = "text-slate-900 underline-offset-2 hover:underline dark:text-slate-100";

/**
 * A list's items in one table per category, in the order given (by category, then name; with a
 * search, best matches first and each category once): the public list on /prices, where each name
 * links to its product, and a list on /pricesprivate, where with a selection each row and each
 * category can be ticked for printing. Also rendered on its own by the price page benchmark's
 * bare handler (scripts/lib/bare-price-server.tsx).
 */
export function PriceTable({
  items,
  selection,
  linkNames = false,
}: {
  items: PriceRow[];
  selection?: RowSelection;
  linkNames?: boolean;
}) {
  // The column names are the public page's; a missing price is only ever in a private list.
  const { t, i18n } = useTranslation("catalog");
  const { t: tPrices } = useTranslation("prices");
  const groups = groupInOrder(items, (row) => groupOf(row.category));
  const unitAndPack = unitAndPackLabeler(t, i18n.language);
  return (
    <div className="space-y-8">
      {groups.map(({ group, items: rows }) => {
        const title = t(`categories.${group}`);
        return (
          <section key={group} aria-labelledby={`prices-${group}`} className="space-y-2">
            <div className="flex items-center gap-3">
              {selection ? (
                <SelectGroupBox selection={selection} slugs={rows.map((r) => r.slug)} title={title} />
              ) : null}
              <h2 id={`prices-${group}`} className="text-xl font-semibold">
                {title}
              </h2>
            </div>
            <Table className="table-fixed">
              <TableHead>
                <tr>
                  {selection ? (
                    <TableHeaderCell className="w-11">
                      <span className="sr-only">{selection.labels.column}</span>
                    </TableHeaderCell>
                  ) : null}
                  <TableHeaderCell className="sm:w-1/2">{t("prices.product")}</TableHeaderCell>
                  <TableHeaderCell className={zeroWideOnPhone}>{t("prices.unit")}</TableHeaderCell>
                  <TableHeaderCell numeric className="w-28">
                    {t("prices.price")}
                  </TableHeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const unit = unitAndPack(row);
                  return (
                    <tr key={row.slug} data-product={row.slug}>
                      {selection ? (
                        <td className={boxCell}>
                          <SelectBox selection={selection} slug={row.slug} name={row.name} />
                        </td>
                      ) : null}
                      <th scope="row" className={nameCell}>
                        {linkNames ? (
                          <Link to={`/products/${row.slug}`} className={productLink}>
                            {row.name}
                          </Link>
                        ) : (
                          row.name
                        )}
                        {row.available ? null : <Availability inStock={false} className="ml-2 align-middle" />}
                        {unit ? (
                          <span aria-hidden="true" className={unitUnderName}>
                            {unit}
                          </span>
                        ) : null}
                      </th>
                      <td className={unitCell}>{unit}</td>
                      <td className={priceCell}>
                        {row.priceCents === null ? (
                          <span className="font-normal text-slate-700 dark:text-slate-300">
                            {tPrices("private.noPrice")}
                          </span>
                        ) : (
                          formatMoney(row.priceCents, i18n.language)
                        )}
                      </td>
                    </tr>
                  );
                })}
              </TableBody>
            </Table>
          </section>
        );
      })}
    </div>
  );
}
