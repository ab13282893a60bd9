/**
 * The one product search of the site (docs/decisions/028-search.md), the same in the browser and,
 * through stored keys, in SQL.
 *
 * A row is searched through its key, made once from its texts (a product's English and Spanish
 * names; staff screens may add SKU or QuickBooks ID):
 *
 *     const key = searchKey(nameEn, nameEs);          // precompute per row, or read product.search_key
 *     const search = compileSearch(query);            // once per query
 *     if (search === null) showAll();                 // an empty query shows everything
 *     else rows.filter((r) => search.rank(r.key) !== null)
 *              .sort((a, b) => search.rank(a.key)! - search.rank(b.key)!);  // a stable sort keeps the page's order within a tier
 *
 * Accents, case and punctuation are ignored ("Piña" = "pina", "ñ" = "n"), each word is made
 * singular by one rule for both languages ("limones" = "limón", "berries" = "berry", "nueces" =
 * "nuez"), and a word that is a trade alias also finds its other names ("guineo" finds bananas).
 * Each query word must occur in the key, anywhere in a word as the old `ilike '%q%'` did; an alias
 * only as a whole word, so "potato" → "papa" does not find papaya. `rank` orders the matches by tier:
 * 0 a whole name is the query, 1 a name starts with it, 2 a word starts with it, 3 anywhere.
 *
 * A query with no letter or digit (only "%" or "_", say) finds nothing: visitors' `%` and `_` are
 * never wildcards. No server import: this module runs in the browser too.
 */

/**
 * Trade names that mean the same product, by the words our buyers use in South Florida:
 * Caribbean (Cuban, Puerto Rican, Dominican), Mexican, Central and South American Spanish and
 * English. Each group is searched as one; the product's own names need not carry the alias.
 *
 * Left out on purpose, because one word names different products to different buyers:
 * - "plátano" is a plantain to a Cuban or Puerto Rican buyer but a banana to a Mexican one: it
 *   stays with plantain, and bananas are "guineo" / "banano";
 * - "limón" is a lime in Mexico and a lemon in Spain and the Caribbean: neither;
 * - "ají" is a sweet pepper in Puerto Rico and Cuba and a hot one in South America;
 * - "culantro" (recao) is its own herb, not cilantro; "cebollino" is chives in Spain, scallions
 *   elsewhere.
 * One word per name: a two-word name ("sweet potato") needs a one-word member to be found by it.
 */
export const ALIAS_GROUPS: readonly (readonly string[])[] = [
  ["banana", "banano", "guineo"],
  ["plantain", "platano"],
  ["avocado", "aguacate", "palta"],
  ["papaya", "lechosa"], // lechosa: Dominican, Venezuelan; "fruta bomba" in Cuba is two words
  ["maracuya", "parcha", "chinola", "passionfruit"], // parcha: Puerto Rico; chinola: Dominican Republic
  ["pineapple", "pina", "anana"],
  ["corn", "maiz", "elote", "choclo"], // elote: Mexico; choclo: South America
  ["orange", "naranja", "china"], // china: a sweet orange in Puerto Rico
  ["strawberry", "fresa", "frutilla"],
  ["potato", "papa", "patata"],
  ["tomato", "tomate", "jitomate"], // jitomate: Mexico
  ["sweetpotato", "batata", "boniato", "camote"], // boniato: Cuba; camote: Mexico
  ["cassava", "yuca", "mandioca"],
  ["pumpkin", "calabaza", "auyama", "zapallo"], // auyama: Dominican, Venezuelan, Colombian
  ["zucchini", "courgette", "calabacin", "calabacita"],
  ["cilantro", "coriander"],
  ["scallion", "cebollin"],
  ["grapefruit", "toronja", "pomelo"],
  ["peach", "durazno", "melocoton"],
  ["beet", "beetroot", "remolacha", "betabel"], // betabel: Mexico
  ["watermelon", "sandia", "patilla"], // patilla: Venezuela, Colombia
  ["okra", "quimbombo", "quingombo"], // quimbombó: Cuba
  ["chayote", "tayota", "mirliton"], // tayota: Dominican Republic; mirliton: Louisiana
  ["eggplant", "aubergine", "berenjena"],
  ["arugula", "rocket", "rucula"],
  ["bean", "frijol", "habichuela", "poroto"], // habichuela: Puerto Rico, Dominican Republic
];

const FIELD = ";";
const MAX_WORDS = 8;
const MAX_PHRASES = 16;
const MAX_QUERY_LENGTH = 200;

// Letters that do not decompose into a base letter and a mark.
const LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th" };

/** Lower case, without accents or punctuation: "Piña, Golden!" → ["pina", "golden"]. */
export function searchWords(text: string): string[] {
  const plain = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþ]/g, (c) => LETTERS[c])
    // "D'Anjou" is one word, whichever apostrophe was typed.
    .replace(/['’`´]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return plain === "" ? [] : plain.split(" ");
}

/**
 * One word, singular, by one rule for English and Spanish: a final "s" goes, then a final "e"
 * (so "limones" and "limón", "apples" and "apple", "aguacates" and "aguacate" meet), "ies" is "y"
 * ("berries" = "berry") and a final "z" is "c" ("nuez" = "nueces"). Both the keys and the queries
 * go through it, so it need only be the same on both sides, not a dictionary word.
 */
export function stemWord(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  let w = word;
  if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith("z")) w = `${w.slice(0, -1)}c`;
  return w;
}

const ALIASES = new Map<string, readonly string[]>();
for (const group of ALIAS_GROUPS) {
  const stems = group.map(stemWord);
  for (const stem of stems) ALIASES.set(stem, stems);
}

/** The stems of a text joined by spaces, or "" when it has no letter or digit. */
function stems(text: string) {
  return searchWords(text).map(stemWord).join(" ");
}

/**
 * The key a row is searched by: each text's stems, the texts apart, every word between spaces:
 * ("Hass Avocados", "Aguacates Hass") → "; hass avocado ; aguacat hass ;". Empty texts are left out.
 */
export function searchKey(...texts: (string | null | undefined)[]): string {
  const fields = texts.map((t) => (t ? stems(t) : "")).filter((s) => s !== "");
  return fields.length === 0 ? "" : `${FIELD} ${fields.join(` ${FIELD} `)} ${FIELD}`;
}

export type CompiledSearch = {
  /**
   * For each query word, the fragments of which a matching key contains at least one: the word's
   * stem anywhere, and its aliases as whole words.
   */
  readonly words: readonly (readonly string[])[];
  /** Fragments by tier, best first: a key containing one of tier i's (and matching) ranks i. */
  readonly tiers: readonly (readonly string[])[];
  /** The tier of a key (0 best, `tiers.length` for a match anywhere), or null when it does not match. */
  rank(key: string): number | null;
};

/**
 * A query made ready to match keys, or null for an empty query (show everything). A query with no
 * letter or digit matches no key.
 */
export function compileSearch(query: string): CompiledSearch | null {
  if (query.trim() === "") return null;
  const stemmed = searchWords(query.slice(0, MAX_QUERY_LENGTH)).slice(0, MAX_WORDS).map(stemWord);
  const forms = stemmed.map((stem) => [stem, ...(ALIASES.get(stem) ?? []).filter((a) => a !== stem)]);
  const words = forms.map(([stem, ...aliases]) => [stem, ...aliases.map((a) => ` ${a} `)]);
  // The query as a phrase, once with each word's forms, as many as are kept.
  let phrases = stemmed.length > 0 ? [""] : [];
  for (const wordForms of forms) {
    phrases = phrases.flatMap((p) => wordForms.map((f) => (p === "" ? f : `${p} ${f}`))).slice(0, MAX_PHRASES);
  }
  const tiers = [
    phrases.map((p) => `${FIELD} ${p} ${FIELD}`),
    phrases.map((p) => `${FIELD} ${p}`),
    phrases.map((p) => ` ${p}`),
  ];
  const contains = (key: string, fragments: readonly string[]) => fragments.some((f) => key.includes(f));
  return {
    words,
    tiers,
    rank(key) {
      if (words.length === 0) return null;
      for (const fragments of words) if (!contains(key, fragments)) return null;
      for (let i = 0; i < tiers.length; i++) if (contains(key, tiers[i])) return i;
      return tiers.length;
    },
  };
}
