const MARKS = /[\u0300-\u036f]/g;

/** Upper case without accents: "Jalapeño" → "JALAPENO". The form every comparison uses. */
export function fold(text: string) {
  // Most export text is plain ASCII: nothing to decompose.
  if (!NON_ASCII.test(text)) return text.toUpperCase();
  return text.normalize("NFD").replace(MARKS, "").toUpperCase();
}

const NON_ASCII = /[^ -~\t\n\r]/;

/** Lower case letters and digits only: "Sales Price / Rate" → "salespricerate". For header names. */
export function compactKey(text: string) {
  return text
    .normalize("NFD")
    .replace(MARKS, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

/** Typographic quotes and dashes as their plain forms (cp1252 exports are full of them). */
export function plainPunctuation(text: string) {
  return text
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-");
}

/** Collapses runs of whitespace (including non-breaking spaces) to one space and trims. */
export function squash(text: string) {
  return (SPACE_RUN.test(text) ? text.replace(/\s+/g, " ") : text).trim();
}

const SPACE_RUN = /\s\s|[^\S ]/;

/** Whether the text holds at least `n` letters (of any alphabet). */
export function hasLetters(text: string, n: number) {
  let count = 0;
  for (const ch of text) if (/\p{L}/u.test(ch) && ++count >= n) return true;
  return false;
}

/** First letter upper case, the rest as given: "aguacate Hass" → "Aguacate Hass". */
export function sentenceCase(text: string) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
