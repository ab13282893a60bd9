export const categories = ["vegetables", "fruits", "dry_produce", "herbs", "others"] as const;
export type Category = (typeof categories)[number];

/** The group a product falls in: one of the five categories, or none. */
export type CategoryGroup = Category | "uncategorized";

export type CategoryFilter = { kind: "all" } | { kind: "category"; category: Category } | { kind: "uncategorized" };

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (categories as readonly string[]).includes(value);
}

/**
 * The `?category=` of the URL. The landing page says `dried` and products are stored as
 * `dry_produce`; both name the same group. A value naming no category asks for the products
 * without a known one, the Uncategorized group, instead of failing.
 */
export function parseCategory(value: string | null | undefined): CategoryFilter {
  const name = (value ?? "").trim().toLowerCase();
  if (name === "" || name === "all") return { kind: "all" };
  if (name === "dried") return { kind: "category", category: "dry_produce" };
  if (isCategory(name)) return { kind: "category", category: name };
  return { kind: "uncategorized" };
}

/** The word the URL uses for a group: `dried` is the public word for dry produce. */
export function categoryParam(group: CategoryGroup) {
  return group === "dry_produce" ? "dried" : group;
}

export function groupOf(category: string | null): CategoryGroup {
  return isCategory(category) ? category : "uncategorized";
}

/**
 * The groups in the order people read them: categories alphabetically by their name in the
 * reader's language, Uncategorized last.
 */
export function orderedGroups(label: (group: CategoryGroup) => string, lang: string): CategoryGroup[] {
  const collator = new Intl.Collator(lang, { sensitivity: "base" });
  const sorted = [...categories].sort((a, b) => collator.compare(label(a), label(b)));
  return [...sorted, "uncategorized"];
}

/**
 * The items of each group together: groups in the order of their first item, items in the order
 * they came. Rows sorted by category keep that order; rows ranked by a search put first the group
 * of the best match, best matches first within each, and a group never shows twice.
 */
export function groupInOrder<T>(items: T[], groupFor: (item: T) => CategoryGroup) {
  const groups = new Map<CategoryGroup, T[]>();
  for (const item of items) {
    const group = groupFor(item);
    const members = groups.get(group);
    if (members) members.push(item);
    else groups.set(group, [item]);
  }
  return [...groups].map(([group, members]) => ({ group, items: members }));
}
