import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Lang } from "~/i18n/config";

// Ñ becomes ñ here rather than through lower(), which under the C locale changes ASCII letters only.
const ACCENTED = "ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑáàâäãåéèêëíìîïóòôöõúùûüç";
const PLAIN = "aaaaaaeeeeiiiiooooouuuucñaaaaaaeeeeiiiiooooouuuuc";

/**
 * Names in the order a reader expects, the same on every database: case and accents set aside
 * (the embedded database compares bytes, which put "Maíz" after "Miel"), and then compared byte
 * by byte, so that a server whose locale weighs spaces and punctuation its own way orders
 * "Col rizada" and "Coliflor" as the embedded database does. Ñ is the letter after n for a
 * Spanish reader ("Pinto", "Pinza", "Piña", "Pollo"), written "n{" because "{" follows "z" in
 * bytes; for an English reader it is an n with a mark. Either way, as the browser's collator
 * orders the tables it sorts itself.
 */
export function alphabetical(column: AnyColumn | SQL, lang: Lang) {
  const plain = sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;
  const ordered = lang === "es" ? sql`replace(${plain}, 'ñ', 'n{')` : sql`translate(${plain}, 'ñ', 'n')`;
  return asc(sql`${ordered} collate "C"`);
}
