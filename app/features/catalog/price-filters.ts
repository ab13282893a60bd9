import { BUSINESS_TIME_ZONE } from "~/components/ui/date-time";
import { compileSearch } from "~/lib/search";
import { groupOf, parseCategory, type CategoryFilter, type CategoryGroup } from "./categories";
import { parseSearch } from "./query";

export const availabilityChoices = ["all", "in-stock", "out-of-stock"] as const;
export type AvailabilityChoice = (typeof availabilityChoices)[number];

/**
 * What narrows a table of prices, the same on every one of them: the site's one search, a
 * category, availability, and the prices changed today.
 */
export type PriceFilterValues = {
  query: string;
  category: CategoryGroup | "all";
  availability: AvailabilityChoice;
  changedToday: boolean;
};

export const noPriceFilters: PriceFilterValues = {
  query: "",
  category: "all",
  availability: "all",
  changedToday: false,
};

/** The filters of a GET form of them (q, category, availability, changed=today); what it does not know is left out. */
export function parsePriceFilters(params: URLSearchParams): PriceFilterValues {
  const category = parseCategory(params.get("category"));
  const availability = params.get("availability");
  return {
    query: parseSearch(params.get("q")),
    category: category.kind === "all" ? "all" : category.kind === "uncategorized" ? "uncategorized" : category.category,
    availability: (availabilityChoices as readonly (string | null)[]).includes(availability)
      ? (availability as AvailabilityChoice)
      : "all",
    changedToday: params.get("changed") === "today",
  };
}

/** A filter's category as the catalogue's queries take it. */
export function categoryFilterOf(category: PriceFilterValues["category"]): CategoryFilter {
  if (category === "all") return { kind: "all" };
  if (category === "uncategorized") return { kind: "uncategorized" };
  return { kind: "category", category };
}

// "Today" is the business's day, in Florida, wherever the reader is.
const businessDays = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE });

/** The business's date (YYYY-MM-DD) of a moment. */
export function businessDay(at: Date | string) {
  return businessDays.format(new Date(at));
}

/** What a row gives the filters: its category, whether it is in stock, its key for the search, the day its price was set. */
export type FilterableRow = { category: string | null; available: boolean };
type RowReaders<T> = { searchKey: (row: T) => string; pricedDay: (row: T) => string };

/**
 * The rows the filters leave, in their order; with a search, the best matches first and the
 * order kept within each tier of match (docs/decisions/028-search.md).
 */
export function filterPriceRows<T extends FilterableRow>(
  rows: readonly T[],
  { query, category, availability, changedToday }: PriceFilterValues,
  read: RowReaders<T>,
  today = businessDay(new Date()),
): T[] {
  const filtered = rows.filter(
    (row) =>
      (category === "all" || groupOf(row.category) === category) &&
      (availability === "all" || (availability === "in-stock") === row.available) &&
      (!changedToday || read.pricedDay(row) === today),
  );
  const search = compileSearch(query);
  if (!search) return filtered;
  return filtered
    .map((row) => ({ row, rank: search.rank(read.searchKey(row)) }))
    .filter((r): r is { row: T; rank: number } => r.rank !== null)
    .sort((a, b) => a.rank - b.rank)
    .map((r) => r.row);
}

/** The category groups present in the rows, in the catalogue's order, "uncategorized" last. */
export function groupsIn(rows: readonly FilterableRow[], order: readonly CategoryGroup[]) {
  const present = new Set(rows.map((row) => groupOf(row.category)));
  return order.filter((group) => present.has(group));
}
