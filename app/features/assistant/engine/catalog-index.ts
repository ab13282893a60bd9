import { dictionaryWords, findCommodities, significantWords } from "./produce-terms";
import { editDistance, nameWords, typoAllowance, wordKey } from "./text";
import type { AssistantProduct } from "./types";

export type IndexedProduct = {
  product: AssistantProduct;
  /** Keys of the words of both names. */
  keys: ReadonlySet<string>;
  /** The dictionary's commodities its names hold: "Limones persas" → lime. */
  commodities: ReadonlySet<string>;
};

export type CatalogIndex = {
  items: IndexedProduct[];
  byId: ReadonlyMap<string, IndexedProduct>;
  byKey: ReadonlyMap<string, IndexedProduct[]>;
  byCommodity: ReadonlyMap<string, IndexedProduct[]>;
  /** Every word key of every name: what a misspelt word is compared with first. */
  vocabulary: readonly string[];
};

const cache = new WeakMap<readonly AssistantProduct[], CatalogIndex>();

/** The catalogue's names folded and indexed, once per catalogue (a request reads it many times). */
export function indexCatalog(products: readonly AssistantProduct[]): CatalogIndex {
  let index = cache.get(products);
  if (!index) {
    index = buildIndex(products);
    cache.set(products, index);
  }
  return index;
}

function buildIndex(products: readonly AssistantProduct[]): CatalogIndex {
  const items: IndexedProduct[] = [];
  const byId = new Map<string, IndexedProduct>();
  const byKey = new Map<string, IndexedProduct[]>();
  const byCommodity = new Map<string, IndexedProduct[]>();
  for (const product of products) {
    const names = [product.nameEn, product.nameEs ?? ""].map((n) => significantWords(nameWords(n)));
    const keys = new Set(names.flat().filter((k) => !/^\d/.test(k)));
    const commodities = new Set(names.flatMap((words) => findCommodities(words, false).map((h) => h.commodity)));
    const item = { product, keys, commodities };
    items.push(item);
    byId.set(product.id, item);
    for (const key of keys) push(byKey, key, item);
    for (const commodity of commodities) push(byCommodity, commodity, item);
  }
  return { items, byId, byKey, byCommodity, vocabulary: [...byKey.keys()] };
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The key a word of a request stands for: itself when the catalogue or the dictionary knows it,
 * else the nearest known word within a typo or two ("avacado", "cilantor"), else null.
 */
export function recogniseWord(word: string, index: CatalogIndex): string | null {
  const key = wordKey(word);
  if (index.byKey.has(key) || dictionaryWords().has(key)) return key;
  const max = typoAllowance(word);
  if (max === 0) return null;
  return nearest(key, index.vocabulary, max) ?? nearest(key, dictionaryWords(), max);
}

function nearest(key: string, candidates: Iterable<string>, max: number) {
  let best: string | null = null;
  let bestDistance = max + 1;
  for (const candidate of candidates) {
    if (candidate[0] !== key[0] || Math.abs(candidate.length - key.length) > max) continue;
    const d = editDistance(key, candidate, max);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
