import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";

const ACCENTED = "ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑáàâäãåéèêëíìîïóòôöõúùûüçñ";
const PLAIN = "aaaaaaeeeeiiiiooooouuuucnaaaaaaeeeeiiiiooooouuuucn";

/**
 * Names in the order a reader expects, the same on every database: case and accents set aside
 * (the embedded database compares bytes, which put "Maíz" after "Miel"), ñ read as n, and then
 * compared byte by byte, so that a server whose locale weighs spaces and punctuation its own way
 * orders "Col rizada" and "Coliflor" as the embedded database does.
 */
export function alphabetical(column: AnyColumn | SQL) {
  return asc(sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN})) collate "C"`);
}
