import { sql } from "drizzle-orm";
import { product } from "~/db/schema";
import type { Lang } from "~/i18n/config";
import { translatorFor } from "~/lib/meta";
import { orderedGroups, type Category } from "./categories";

/** `%`, `_` and `\` typed by a visitor are matched literally. */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A product's place when ordered by category: the reader's alphabetical order, Uncategorized last. */
export function categoryRank(lang: Lang) {
  const t = translatorFor(lang);
  const groups = orderedGroups((g) => t(`categories.${g}`, { ns: "catalog" }), lang);
  const cases = groups.filter((g): g is Category => g !== "uncategorized").map((g, i) => sql`when ${g} then ${i}`);
  return sql`case ${product.category} ${sql.join(cases, sql` `)} else ${groups.length} end`;
}

/** PostgreSQL numerics arrive as text. */
export function numberOrNull(value: string | null) {
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
