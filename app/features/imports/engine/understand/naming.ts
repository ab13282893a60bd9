import {
  CATEGORY_HINTS,
  COMMODITIES,
  MODIFIERS,
  NOISE_WORDS,
  PLACE_WORDS,
  STOPWORDS,
  type Commodity,
  type Modifier,
  type SpanishWord,
  type Variety,
} from "~/features/catalog/produce-dictionary";
import type { Category } from "~/features/catalog/categories";
import { fold, plainPunctuation, sentenceCase, squash } from "../text";

/**
 * The built-in engine's naming (docs/decisions/013-import-engine.md): finds the commodity a
 * description names (in English or Spanish, wherever it appears), its varieties and modifiers, and
 * composes an English display name (Title Case, variety before commodity, singular, no pack,
 * origin, lot or packing words) and a Spanish one, with the category a produce buyer would file it
 * under.
 */
export type Naming = {
  name: string;
  nameEs: string;
  category: Category;
  /** False when no commodity was found: the names are then a cleaned copy of the text. */
  recognized: boolean;
  commodity: string | null;
};

type Phrase<T> = { tokens: string[]; target: T };
type PhraseIndex<T> = Map<string, Array<Phrase<T>>>;

function termTokens(term: string) {
  return fold(term)
    .split(/[^A-Z0-9]+/)
    .filter((t) => t !== "" && !STOPWORDS.has(t));
}

function addPhrases<T>(index: PhraseIndex<T>, terms: string[], target: T) {
  for (const term of terms) {
    const tokens = termTokens(term);
    if (tokens.length === 0) continue;
    const list = index.get(tokens[0]) ?? [];
    list.push({ tokens, target });
    list.sort((a, b) => b.tokens.length - a.tokens.length);
    index.set(tokens[0], list);
  }
}

type CommodityTerm = { commodity: Commodity; weak: boolean };
const commodityIndex: PhraseIndex<CommodityTerm> = new Map();
for (const commodity of COMMODITIES) {
  addPhrases(commodityIndex, commodity.terms, { commodity, weak: false });
  addPhrases(commodityIndex, commodity.weakTerms, { commodity, weak: true });
}

const modifierIndex: PhraseIndex<Modifier> = new Map();
for (const modifier of MODIFIERS) addPhrases(modifierIndex, modifier.terms, modifier);

const varietyIndexes = new Map<Commodity, PhraseIndex<Variety>>();
for (const commodity of COMMODITIES) {
  const index: PhraseIndex<Variety> = new Map();
  for (const variety of commodity.varieties) addPhrases(index, variety.terms, variety);
  varietyIndexes.set(commodity, index);
}

const hintIndex: PhraseIndex<Category> = new Map();
for (const [category, words] of CATEGORY_HINTS) addPhrases(hintIndex, words, category);

/**
 * A word of the text with the forms it may match: itself and, for a plural, its singulars
 * ("NOPALES" → NOPALE, NOPAL; "STRAWBERRIES" → STRAWBERRIE, STRAWBERRI, STRAWBERRY; "NUECES" → NUEZ).
 */
type Token = { word: string; forms: string[]; at: number };

function formsOf(word: string) {
  if (!word.endsWith("S") || word.length < 4) return [word];
  const forms = [word, word.slice(0, -1), word.slice(0, -2)];
  if (word.endsWith("IES")) forms.push(`${word.slice(0, -3)}Y`);
  if (word.endsWith("CES")) forms.push(`${word.slice(0, -3)}Z`);
  return forms;
}

/** The words of a folded text, without numbers, pack notations and little words. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[A-Z0-9]+/g)) {
    const word = match[0];
    if (/\d/.test(word) || STOPWORDS.has(word)) continue;
    tokens.push({ word, forms: formsOf(word), at: match.index });
  }
  return tokens;
}

type Match<T> = { target: T; start: number; length: number };

/** Longest phrase at each position, left to right, never overlapping. */
function findPhrases<T>(
  tokens: Token[],
  index: PhraseIndex<T>,
  skip: (i: number) => boolean = () => false,
): Array<Match<T>> {
  const found: Array<Match<T>> = [];
  for (let i = 0; i < tokens.length;) {
    let best: Phrase<T> | undefined;
    if (!skip(i)) {
      for (const form of tokens[i].forms) {
        const phrase = index
          .get(form)
          ?.find(
            (p) =>
              p.tokens.length <= tokens.length - i &&
              p.tokens.every((t, k) => k === 0 || (!skip(i + k) && tokens[i + k].forms.includes(t))),
          );
        if (phrase && (!best || phrase.tokens.length > best.tokens.length)) best = phrase;
      }
    }
    if (best) {
      found.push({ target: best.target, start: i, length: best.tokens.length });
      i += best.tokens.length;
    } else {
      i++;
    }
  }
  return found;
}

/** Folded text with the notations that carry no meaning for names blanked out. */
function prepare(description: string) {
  return fold(plainPunctuation(description))
    .replace(/\b(SIN|S\/|NO)\s*SEMILLAS?\b|\bSEEDLESS\b/g, " SEEDLESS ")
    .replace(/\b(C|S|CON|SIN)\s*\/?\s*CASCARA\b/g, " ")
    .replace(/#\s*\d+/g, " ");
}

/**
 * CHILE names the country as well as the pepper: it is the place when it comes after the pack
 * ("HUEVO … 15 DZ CHILE") or right before a lot number ("… CHILE LOT 123").
 */
function isPlace(text: string, token: Token, packStart: number) {
  if (!token.forms.some((form) => PLACE_WORDS.has(form))) return false;
  if (packStart >= 0 && token.at > packStart) return true;
  return /^\s*LOTE?\b/.test(text.slice(token.at + token.word.length));
}

const VOWEL_END = /[aeiouáéíóú]$/;

/**
 * Spanish agreement: each word written "~blanco" (masculine singular) agrees with the noun —
 * blanco, blanca, blancos, blancas; other words stay as written ("extra ~grande", "sin semilla").
 */
export function inflect(text: SpanishWord, gender: "m" | "f", plural: boolean) {
  return text
    .split(" ")
    .map((word) => (word.startsWith("~") ? agree(word.slice(1), gender, plural) : word))
    .join(" ");
}

function agree(word: string, gender: "m" | "f", plural: boolean) {
  let form = word;
  if (gender === "f") {
    if (form.endsWith("o")) form = `${form.slice(0, -1)}a`;
    else if (/(és|ón|án)$/.test(form))
      form = `${form.slice(0, -2)}${stripAccent(form.slice(-2, -1))}${form.slice(-1)}a`;
  }
  if (!plural) return form;
  if (VOWEL_END.test(form) && !/[íú]$/.test(form)) return `${form}s`;
  if (/(és|ón|án|ín)$/.test(form)) return `${form.slice(0, -2)}${stripAccent(form.slice(-2, -1))}${form.slice(-1)}es`;
  return `${form}es`;
}

function stripAccent(letter: string) {
  return letter.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

type Recognition = {
  head: Commodity;
  varieties: Variety[];
  modifiers: Modifier[];
};

function recognise(description: string, packStart: number): Recognition | null {
  const text = prepare(description);
  const tokens = tokenize(text);
  const places = new Set<number>();
  tokens.forEach((token, i) => {
    if (isPlace(text, token, packStart)) places.add(i);
  });
  const matches = findPhrases(tokens, commodityIndex, (i) => places.has(i));
  if (matches.length === 0) return null;
  // The head: a prepared good over produce, a specific word over a weak one, else the first.
  const score = (m: Match<CommodityTerm>) => m.target.commodity.rank * 2 + (m.target.weak ? 0 : 1);
  let best = matches[0];
  for (const match of matches) if (score(match) > score(best)) best = match;
  const head = best.target.commodity;

  // The head's words, and any other words naming the same commodity ("EJOTE (GREEN BEANS)").
  const consumed = new Set<number>();
  for (const match of matches) {
    if (match.target.commodity === head) for (let k = 0; k < match.length; k++) consumed.add(match.start + k);
  }
  const varieties: Variety[] = [];
  for (const v of findPhrases(tokens, varietyIndexes.get(head)!, (i) => places.has(i))) {
    if (!varieties.includes(v.target)) varieties.push(v.target);
    for (let k = 0; k < v.length; k++) consumed.add(v.start + k);
  }
  const modifiers: Modifier[] = [];
  for (const mod of findPhrases(tokens, modifierIndex, (i) => consumed.has(i) || places.has(i))) {
    if (!modifiers.some((m) => m.slot === mod.target.slot && m.en === mod.target.en)) modifiers.push(mod.target);
  }
  return { head, varieties, modifiers };
}

function compose({ head, varieties, modifiers }: Recognition): Naming {
  const slot = (s: Modifier["slot"]) => modifiers.filter((m) => m.slot === s);
  const organic = slot("organic").length > 0;
  const isChile = head.kind === "chile";
  const dried = slot("dried").length > 0 || (isChile && varieties.some((v) => v.dried));
  // One size only: a second size word in a description is a grade of the lot, not of the item
  // ("GRANDE … JBO" eggs are large eggs; "YELLOW JUMBO … MED" onions are jumbo onions).
  const lead = varieties.filter((v) => v.lead).slice(0, 1);
  const plain = varieties.filter((v) => !v.lead);
  const colors = slot("color");
  const qualities = slot("quality");
  const sizes = lead.length > 0 ? [] : slot("size").slice(0, 1);

  let category = head.category;
  if (isChile) category = dried ? "dry_produce" : "vegetables";
  else if (dried && (category === "fruits" || category === "vegetables" || category === "herbs"))
    category = "dry_produce";
  const addDried = dried && head.kind !== "dry";

  const noun = isChile ? (dried ? "Chile" : plain.length > 0 ? "Pepper" : "Chile Pepper") : head.en;
  const en = [
    organic ? "Organic" : "",
    addDried ? "Dried" : "",
    ...lead.map((v) => v.en),
    ...colors.map((m) => m.en),
    ...qualities.map((m) => m.en),
    ...plain.map((v) => v.en),
    noun,
    ...sizes.map((m) => m.en),
    head.enNote ?? "",
  ];

  const g = head.gender;
  const pl = head.plural;
  const es = [
    head.es,
    ...plain.map((v) => inflect(v.es, g, pl)),
    ...colors.map((m) => inflect(m.es, g, pl)),
    ...qualities.map((m) => inflect(m.es, g, pl)),
    ...lead.map((v) => inflect(v.es, g, pl)),
    addDried ? inflect("~seco", g, pl) : "",
    organic ? inflect("~orgánico", g, pl) : "",
    ...sizes.map((m) => inflect(m.es, g, pl)),
    head.esNote ?? "",
  ];
  return {
    name: squash(en.join(" ")),
    nameEs: sentenceCase(squash(es.join(" "))),
    category,
    recognized: true,
    commodity: head.id,
  };
}

function hintCategory(texts: string[]): Category | null {
  for (const text of texts) {
    const found = findPhrases(tokenize(fold(text)), hintIndex);
    if (found.length > 0) return found[0].target;
  }
  return null;
}

/** The words of the text worth keeping as a name when the dictionary does not know the item. */
function cleanedWords(text: string, packStart: number) {
  const plain = plainPunctuation(text).normalize("NFC");
  const folded = fold(plain);
  const words: string[] = [];
  for (const match of plain.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    const key = fold(word);
    if (/\d/.test(key) || key.length < 2 || NOISE_WORDS.has(key)) continue;
    if (packStart >= 0 && PLACE_WORDS.has(key) && folded.indexOf(key, match.index) > packStart) continue;
    words.push(STOPWORDS.has(key) && words.length > 0 ? word.toLowerCase() : word);
    if (words.length === 8) break;
  }
  return words;
}

function fallbackName(words: string[]) {
  const lower = words.map((w) => w.toLowerCase());
  const en = lower.map((w, i) => (i > 0 && STOPWORDS.has(fold(w)) ? w : w[0].toUpperCase() + w.slice(1)));
  return { name: en.join(" "), nameEs: sentenceCase(lower.join(" ")) };
}

export type NamingInput = {
  description: string;
  /** Where the pack notation starts in the folded description (from parsePack), or -1. */
  packStart: number;
  /** The QuickBooks item name or path: read when the description names nothing known. */
  item?: string;
  /** The file's own category (QBO's Category column), a hint of last resort. */
  category?: string;
};

/** Names and files one item. */
export function nameItem(input: NamingInput): Naming {
  const recognised = recognise(input.description, input.packStart);
  if (recognised) return compose(recognised);

  const path = (input.item ?? "").split(":").map((s) => s.trim());
  const leaf = path[path.length - 1] ?? "";
  const fromLeaf = leaf ? recognise(leaf, -1) : null;
  if (fromLeaf) return compose(fromLeaf);

  const category =
    hintCategory([input.description]) ??
    hintCategory(path.slice(0, -1).reverse()) ??
    hintCategory([input.category ?? ""]) ??
    "others";
  let words = cleanedWords(input.description, input.packStart);
  if (words.length === 0) words = cleanedWords(leaf, -1);
  const names =
    words.length > 0
      ? fallbackName(words)
      : { name: squash(input.description || leaf), nameEs: squash(input.description || leaf) };
  return { ...names, category, recognized: false, commodity: null };
}
