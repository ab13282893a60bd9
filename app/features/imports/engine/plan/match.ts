import type { Category } from "~/features/catalog/categories";

/**
 * Matching an item by its name, for a catalogue typed before its first import
 * (docs/decisions/027-first-import-matching.md): the item's understood name is compared with the
 * products that have no QuickBooks ID yet, in English and in Spanish, forgiving accents, case,
 * punctuation, plural and singular, and word order; the category must agree when both have one,
 * and the pack tells a confident match (same product, same pack) from a near one.
 */

/** What a name match compares of a product. */
export type NamedProduct = {
  id: string;
  name: string;
  nameEs: string;
  category: Category | null;
  packValue: number | null;
  packUnit: string | null;
};

/** What a name match compares of a row. */
export type NamedRow = Pick<NamedProduct, "category" | "packValue" | "packUnit"> & {
  name: string | null;
  nameEs: string | null;
};

/** Words that do not tell one product from another. */
const FILLER = new Set(["the", "of", "and", "a", "de", "del", "la", "el", "los", "las", "y"]);

/** One word, singular: "strawberries" → "strawberry", "limones" → "limon", "chiles" and "chile" → "chil". */
function stem(word: string) {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  let w = word;
  if (w.endsWith("es")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  // "chile"/"chiles", "lime"/"limes", "aguacate"/"aguacates" end alike.
  return w.endsWith("e") && w.length > 3 ? w.slice(0, -1) : w;
}

/** A name as the match compares it: "Aguacates  Hass" and "hass aguacate" give the same key. */
export function nameKey(name: string | null): string | null {
  if (!name) return null;
  const words = name
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "" && !FILLER.has(w))
    .map(stem);
  return words.length > 0 ? words.sort().join(" ") : null;
}

/** Units that count the same thing: a case of 60 ct cilantro holds 60 bunches. */
const UNIT_ALIASES: Record<string, string> = {
  ea: "ct",
  each: "ct",
  bunch: "ct",
  dz: "dozen",
  doz: "dozen",
  lbs: "lb",
  pound: "lb",
  pounds: "lb",
  kgs: "kg",
};

/** A pack as the match compares it, or null when there is none. */
export function packKey(value: number | null, unit: string | null): string | null {
  if (value === null || !unit) return null;
  const u = unit.trim().toLowerCase();
  return `${Number(value.toFixed(3))} ${UNIT_ALIASES[u] ?? u}`;
}

export type NameMatch<P extends NamedProduct> =
  /** One product of the same name and pack: proposed as the row's product. */
  | { kind: "confident"; product: P; candidates: P[] }
  /** Products of the same name but another pack, or more than one of the same pack: proposed, not taken. */
  | { kind: "near"; candidates: P[] };

/** The most candidates a near match names. */
export const MAX_CANDIDATES = 5;

/**
 * An index of the products a row may match by name. `match(row, available)` answers the row's
 * match among the products `available` still allows (one no earlier row of the file took),
 * or null when no product has its name.
 */
export function createNameMatcher<P extends NamedProduct>(products: readonly P[]) {
  const byKey = new Map<string, P[]>();
  const add = (lang: "en" | "es", name: string, product: P) => {
    const key = nameKey(name);
    if (!key) return;
    const list = byKey.get(`${lang}:${key}`);
    if (!list) byKey.set(`${lang}:${key}`, [product]);
    else if (!list.includes(product)) list.push(product);
  };
  for (const product of products) {
    add("en", product.name, product);
    add("es", product.nameEs, product);
  }

  return function match(row: NamedRow, available: (product: P) => boolean): NameMatch<P> | null {
    const en = nameKey(row.name);
    const es = nameKey(row.nameEs);
    const found = [...(en ? (byKey.get(`en:${en}`) ?? []) : []), ...(es ? (byKey.get(`es:${es}`) ?? []) : [])];
    const candidates = [...new Set(found)].filter(
      (p) => available(p) && (p.category === null || row.category === null || p.category === row.category),
    );
    if (candidates.length === 0) return null;
    const pack = packKey(row.packValue, row.packUnit);
    const samePack = pack === null ? [] : candidates.filter((p) => packKey(p.packValue, p.packUnit) === pack);
    // In an order of their own: the preview and each batch are given the products in other orders.
    const byName = (a: P, b: P) => a.name.localeCompare(b.name, "en") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const others = candidates.filter((p) => !samePack.includes(p));
    const ordered = [...samePack.sort(byName), ...others.sort(byName)].slice(0, MAX_CANDIDATES);
    if (samePack.length === 1) return { kind: "confident", product: samePack[0], candidates: ordered };
    return { kind: "near", candidates: ordered };
  };
}
