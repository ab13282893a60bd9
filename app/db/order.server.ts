import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";

const ACCENTED = "ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑáàâäãåéèêëíìîïóòôöõúùûüçñ";
const PLAIN = "aaaaaaeeeeiiiiooooouuuucnaaaaaaeeeeiiiiooooouuuucn";

/**
 * Names in the order a reader expects whatever the database's collation (the embedded database
 * compares bytes, which put "Maíz" after "Miel"): case and accents set aside, ñ read as n.
 */
export function alphabetical(column: AnyColumn | SQL) {
  return asc(sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`);
}
