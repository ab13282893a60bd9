import { formatNumber } from "~/lib/locale";

/**
 * Any i18next `t` (a page's or a meta function's): these helpers name the catalog namespace
 * themselves, so they do not depend on the translator's default one.
 */
type AnyTranslate = (...args: never[]) => unknown;
type Translate = (key: string, options: Record<string, unknown>) => string;

/** The fractions produce packs are written in: 1/2 bu, 1 1/9 bu, 4/5 bu, 2/3 ct. */
const PACK_DENOMINATORS = [2, 3, 4, 5, 8, 9];
/** Pack values are stored to three decimals: 1 1/9 is 1.111. */
const PACK_TOLERANCE = 0.0015;

/**
 * A pack's amount as people write it: a whole number, a whole and a fraction ("1 1/9") when the
 * value is one of the trade's fractions, else decimals in the reader's language.
 */
export function formatPackAmount(value: number, lang: string) {
  const whole = Math.floor(value);
  const fraction = value - whole;
  if (fraction > PACK_TOLERANCE) {
    // Smallest denominators first, so the fraction found is already reduced (2/4 reads 1/2).
    for (const d of PACK_DENOMINATORS) {
      const n = Math.round(fraction * d);
      if (n > 0 && n < d && Math.abs(fraction - n / d) < PACK_TOLERANCE) {
        return whole > 0 ? `${formatNumber(whole, lang)} ${n}/${d}` : `${n}/${d}`;
      }
    }
  }
  return formatNumber(value, lang);
}

/** A stored word in the reader's language when we know it, else as staff typed it. */
function word(t: AnyTranslate, group: "units" | "packUnits", value: string, count?: number) {
  return (t as Translate)(`${group}.${value.toLowerCase()}`, { ns: "catalog", defaultValue: value, count });
}

export function unitLabel(t: AnyTranslate, unit: string | null) {
  return unit ? word(t, "units", unit) : null;
}

/** What one unit holds, e.g. "48 ct" or "25 lb"; null when the product does not say. */
export function packLabel(t: AnyTranslate, lang: string, packValue: number | null, packUnit: string | null) {
  if (packValue === null && !packUnit) return null;
  if (packValue === null) return word(t, "packUnits", packUnit!);
  const amount = formatPackAmount(packValue, lang);
  return packUnit ? `${amount} ${word(t, "packUnits", packUnit, packValue)}` : amount;
}

/** "case · 48 ct": the unit sold and what it holds, whichever of the two the product has. */
export function unitAndPack(
  t: AnyTranslate,
  lang: string,
  product: { unit: string | null; packValue: number | null; packUnit: string | null },
) {
  const unit = unitLabel(t, product.unit);
  const pack = packLabel(t, lang, product.packValue, product.packUnit);
  if (unit && pack) return (t as Translate)("product.unitPack", { ns: "catalog", unit, pack });
  return unit ?? pack ?? "";
}

/**
 * `unitAndPack` for the rows of one long table: a list of thousands of items holds a few dozen
 * distinct units and packs, and each label costs three lookups in the translations.
 */
export function unitAndPackLabeler(t: AnyTranslate, lang: string) {
  const labels = new Map<string, string>();
  return (product: { unit: string | null; packValue: number | null; packUnit: string | null }) => {
    const key = `${product.unit}\u0000${product.packValue}\u0000${product.packUnit}`;
    let label = labels.get(key);
    if (label === undefined) {
      label = unitAndPack(t, lang, product);
      labels.set(key, label);
    }
    return label;
  };
}
