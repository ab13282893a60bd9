import { COMMODITIES, STOPWORDS } from "~/features/catalog/produce-dictionary";
import { NOT_PRODUCE } from "./lexicon";
import { nameWords, wordKey } from "./text";

/** One way of naming a commodity, as keys of its words: "aji cachucha" → ["aji", "cachucha"]. */
type Term = { commodity: string; words: string[] };

export type CommodityHit = { commodity: string; from: number; to: number };

const LITTLE = new Set([...STOPWORDS].map((w) => w.toLowerCase()));

let termsByFirstWord: Map<string, Term[]> | undefined;
let produceWords: Set<string> | undefined;

/**
 * The import's produce dictionary as trade aliases: every word that names a commodity, in either
 * language, so "recao" finds the culantro and "guineo" the bananas. Built once, on first use.
 */
function terms() {
  if (termsByFirstWord) return termsByFirstWord;
  const map = new Map<string, Term[]>();
  for (const commodity of COMMODITIES) {
    for (const term of commodity.terms) {
      const words = significantWords(nameWords(term));
      if (words.length === 0) continue;
      const list = map.get(words[0]) ?? [];
      list.push({ commodity: commodity.id, words });
      map.set(words[0], list);
    }
  }
  for (const list of map.values()) list.sort((a, b) => b.words.length - a.words.length);
  termsByFirstWord = map;
  return map;
}

let termsByCommodity: Map<string, string[][]> | undefined;

/** Every name of a commodity, as keys of its words. */
export function commodityTerms(commodity: string): string[][] {
  if (!termsByCommodity) {
    termsByCommodity = new Map();
    for (const list of terms().values()) {
      for (const term of list)
        termsByCommodity.set(term.commodity, [...(termsByCommodity.get(term.commodity) ?? []), term.words]);
    }
  }
  return termsByCommodity.get(commodity) ?? [];
}

/** Every word the dictionary knows, for recognising a misspelt one. */
export function dictionaryWords() {
  produceWords ??= new Set([...terms().values()].flatMap((list) => list.flatMap((t) => t.words)));
  return produceWords;
}

/** Word keys without the little words: "Chile de Árbol" and "chile arbol" read the same. */
export function significantWords(words: string[]) {
  return words.filter((w) => !LITTLE.has(w)).map(wordKey);
}

/**
 * The commodities named in a run of words, longest name first: "limones amarillos" is lemons,
 * "limones" limes. `fromPerson` leaves out English words that are rarely produce in a request.
 */
export function findCommodities(words: string[], fromPerson: boolean): CommodityHit[] {
  const index = terms();
  const hits: CommodityHit[] = [];
  for (let i = 0; i < words.length; i++) {
    const candidates = index.get(words[i]);
    if (!candidates) continue;
    const term = candidates.find(
      (t) =>
        t.words.every((w, k) => words[i + k] === w) &&
        !(fromPerson && t.words.length === 1 && NOT_PRODUCE.has(t.words[0])),
    );
    if (!term) continue;
    hits.push({ commodity: term.commodity, from: i, to: i + term.words.length });
    i += term.words.length - 1;
  }
  return hits;
}
