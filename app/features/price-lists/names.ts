/** A list's name as stored: the English always, the Spanish when staff gave one. */
export type ListNames = { name: string; nameEs: string | null };
export type ListDescriptions = { description: string | null; descriptionEs: string | null };

/**
 * The list's name in the reader's language (a language code, as the server and i18next hold it);
 * a list with no Spanish name reads in English.
 */
export function listName(list: ListNames, lang: string) {
  return lang === "es" && list.nameEs ? list.nameEs : list.name;
}

/** The description in the reader's language, falling back to the English like the name. */
export function listDescription(list: ListDescriptions, lang: string) {
  return lang === "es" && list.descriptionEs ? list.descriptionEs : list.description;
}

/** Staff reading Spanish are told a list still reads in English, so that someone gives it a Spanish name. */
export function lacksSpanishName(list: ListNames, lang: string) {
  return lang === "es" && !list.nameEs;
}

/** The name of the list a list is based on, in the reader's language; null when it has no parent. */
export function parentListName(list: { parentName: string | null; parentNameEs: string | null }, lang: string) {
  return list.parentName === null ? null : listName({ name: list.parentName, nameEs: list.parentNameEs }, lang);
}
