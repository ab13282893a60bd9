/** Words a slug (price list or product) may not be, because a route already uses them. */
export const RESERVED_SLUGS = new Set(["manage", "new"]);

/** Lowercase ASCII words joined by hyphens; accents are dropped, anything else separates words. */
export function slugify(text: string, fallback = "list") {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || fallback;
}

/** The first of base, base-2, base-3… that is neither taken nor reserved. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>) {
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A slug's form, written so that JavaScript and PostgreSQL read it alike (the data check asks the database). */
export const SLUG_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
export const MAX_SLUG_LENGTH = 80;
const slugForm = new RegExp(SLUG_PATTERN);

/** A slug as `slugify` and `firstFreeSlug` make them: what a URL or a form may name a list or product by. */
export function isSlug(value: string) {
  return value.length <= MAX_SLUG_LENGTH && slugForm.test(value);
}
