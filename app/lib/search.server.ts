import { and, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { CompiledSearch } from "./search";

/**
 * app/lib/search.ts in SQL, over a column of stored keys: the same fragments, as `like`. Keys
 * hold only lower-case letters, digits, spaces and ";", but the fragments are escaped all the same.
 */

const contains = (key: AnyColumn | SQL, fragment: string) =>
  sql`${key} like ${`%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

const anyOf = (key: AnyColumn | SQL, fragments: readonly string[]) =>
  fragments.length === 0 ? sql`false` : or(...fragments.map((f) => contains(key, f)))!;

/** True where the key matches the search (`CompiledSearch.rank` is not null). */
export function searchMatches(key: AnyColumn | SQL, search: CompiledSearch): SQL {
  if (search.words.length === 0) return sql`false`;
  return and(...search.words.map((fragments) => anyOf(key, fragments)))!;
}

/**
 * A matching key's tier (`CompiledSearch.rank`), to order by before the page's own order. With
 * several keys (a row and its product), the best tier of those that match; a null key never matches.
 */
export function searchRank(search: CompiledSearch, ...keys: (AnyColumn | SQL)[]): SQL<number> {
  const tierOf = (key: AnyColumn | SQL) => {
    const cases = search.tiers.map((fragments, i) => sql`when ${anyOf(key, fragments)} then ${sql.raw(String(i))}`);
    return sql`case when not coalesce(${searchMatches(key, search)}, false) then null ${sql.join(cases, sql` `)} else ${sql.raw(String(search.tiers.length))} end`;
  };
  return keys.length === 1
    ? sql<number>`${tierOf(keys[0])}`
    : sql<number>`least(${sql.join(keys.map(tierOf), sql`, `)})`;
}
