import { asc, desc, eq, ilike, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alphabetical } from "~/db/order.server";
import { product } from "~/db/schema";
import { BUSINESS_TIME_ZONE } from "~/components/ui/date-time";
import type { Lang } from "~/i18n/config";
import { compileSearch } from "~/lib/search";
import { searchMatches, searchRank } from "~/lib/search.server";
import type { Category, CategoryFilter } from "./categories";
import { readerGroups } from "./category-order.server";
import type { AvailabilityChoice } from "./price-filters";
import type { OrderTerm } from "./query";

/** `%`, `_` and `\` typed by a visitor are matched literally. */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A product search (app/lib/search.ts) over the names in both languages, as a condition and an
 * order that puts its best tiers first (the page's own order follows within a tier); null when
 * the search is empty. Staff screens also find a product by SKU or QuickBooks ID, as typed.
 */
export function productSearch(text: string, { staffFields = false } = {}) {
  const search = compileSearch(text);
  if (!search) return null;
  const byName = searchMatches(product.searchKey, search);
  const pattern = likePattern(text.trim());
  return {
    where: staffFields ? or(byName, ilike(product.sku, pattern), ilike(product.quickbooksId, pattern))! : byName,
    // Asc puts nulls (a match by SKU or QuickBooks ID alone) last.
    order: asc(searchRank(search, product.searchKey)),
  };
}

/** A product's place when ordered by category: the reader's alphabetical order, Uncategorized last. */
export function categoryRank(lang: Lang) {
  const groups = readerGroups(lang);
  const cases = groups.filter((g): g is Category => g !== "uncategorized").map((g, i) => sql`when ${g} then ${i}`);
  return sql`case ${product.category} ${sql.join(cases, sql` `)} else ${groups.length} end`;
}

/** PostgreSQL numerics arrive as text. */
export function numberOrNull(value: string | null) {
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function nameColumn(lang: Lang) {
  return lang === "es" ? product.nameEs : product.nameEn;
}

/**
 * The ORDER BY of a product query for the terms of a sort, with `price` the price the page
 * shows. A product without a price is last whichever way prices run, and the id breaks the
 * remaining ties so that pages never overlap.
 */
export function orderByTerms(terms: OrderTerm[], lang: Lang, price: AnyColumn | SQL): SQL[] {
  const columns: SQL[] = terms.map((term) => {
    switch (term.field) {
      case "category":
        return asc(categoryRank(lang));
      case "created":
        return term.direction === "asc" ? asc(product.createdAt) : desc(product.createdAt);
      case "popularity":
        return term.direction === "asc" ? asc(product.popularity) : desc(product.popularity);
      case "price":
        return term.direction === "asc" ? sql`${price} asc nulls last` : sql`${price} desc nulls last`;
      case "name":
        return alphabetical(nameColumn(lang), lang);
    }
  });
  return [...columns, asc(product.id)];
}

/** A timestamp's date (YYYY-MM-DD) in the business's time zone, Florida's. */
export function businessDayOf(column: AnyColumn) {
  return sql<string>`to_char(${column} at time zone ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD')`;
}

/** Since when "changed today" counts: midnight in Florida, today. */
export function startOfBusinessDay() {
  return sql`(date_trunc('day', now() at time zone ${BUSINESS_TIME_ZONE}) at time zone ${BUSINESS_TIME_ZONE})`;
}

/** The products of a category filter: one category, those without a known one, or all (none). */
export function categoryCondition(filter: CategoryFilter): SQL | undefined {
  if (filter.kind === "category") return eq(product.category, filter.category);
  if (filter.kind === "uncategorized") return isNull(product.category);
  return undefined;
}

/** The products in stock or out of stock; none for "all". */
export function availabilityCondition(choice: AvailabilityChoice): SQL | undefined {
  if (choice === "all") return undefined;
  return eq(product.availability, choice === "in-stock" ? "in_stock" : "out_of_stock");
}
