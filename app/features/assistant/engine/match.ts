import { recogniseWord, type CatalogIndex, type IndexedProduct } from "./catalog-index";
import { commodityTerms, dictionaryWords, findCommodities } from "./produce-terms";

export type ProductMatch = {
  /** The products that match best (several: the request does not tell them apart). */
  best: IndexedProduct[];
  /** The best match every word the catalogue knows. */
  complete: boolean;
  /** Words that named something: commodities and words of product names. */
  anchors: number;
  /** A commodity named that no product (of those allowed) is. */
  missingCommodity: boolean;
  /** Words neither the catalogue nor the dictionary knows. */
  unknownWords: string[];
  /** Some word is produce the dictionary knows, sold here or not. */
  namesProduce: boolean;
};

type Anchor = { weight: number; products: IndexedProduct[] };

/**
 * The products some words name, in any order and either language: commodities through the
 * dictionary ("recao" → culantro) weigh more than other words of a name ("Persian", "Hass"), so
 * "green limes" still finds the limes. `allowed` limits the products (a customer's own list).
 */
export function matchProducts(
  words: readonly string[],
  index: CatalogIndex,
  allowed: (item: IndexedProduct) => boolean,
): ProductMatch {
  const keys: string[] = [];
  const unknownWords: string[] = [];
  for (const word of words) {
    const key = recogniseWord(word, index);
    if (key) keys.push(key);
    else unknownWords.push(word);
  }
  const anchors: Anchor[] = [];
  let missingCommodity = false;
  const consumed = new Set<number>();
  for (const hit of findCommodities(keys, true)) {
    const phrase = keys.slice(hit.from, hit.to);
    for (let k = hit.from; k < hit.to; k++) consumed.add(k);
    let products = union(index.byCommodity.get(hit.commodity) ?? [], withAllKeys(phrase, index)).filter(allowed);
    // A product of a narrower commodity still answers to the broader name its own name holds:
    // "Romaine Hearts" (romaine hearts) to "romaine", "Corazones de lechuga romana" to "lettuce".
    if (products.length === 0) products = namingAnyTerm(hit.commodity, index).filter(allowed);
    if (products.length === 0) missingCommodity = true;
    anchors.push({ weight: 2, products });
  }
  keys.forEach((key, k) => {
    if (consumed.has(k)) return;
    const products = index.byKey.get(key);
    if (products) anchors.push({ weight: 1, products: products.filter(allowed) });
    else unknownWords.push(key);
  });
  const scores = new Map<IndexedProduct, number>();
  for (const anchor of anchors) {
    for (const item of anchor.products) scores.set(item, (scores.get(item) ?? 0) + anchor.weight);
  }
  let top = 0;
  for (const score of scores.values()) top = Math.max(top, score);
  const best = top === 0 ? [] : [...scores].filter(([, s]) => s === top).map(([item]) => item);
  const total = anchors.reduce((sum, a) => sum + a.weight, 0);
  const namesProduce = keys.some((k) => dictionaryWords().has(k));
  return {
    best,
    complete: top > 0 && top === total,
    anchors: anchors.length,
    missingCommodity,
    unknownWords,
    namesProduce,
  };
}

/** Products the dictionary does not know that hold the words themselves ("Wildflower Honey"). */
function withAllKeys(keys: string[], index: CatalogIndex): IndexedProduct[] {
  const [first, ...rest] = keys;
  return (index.byKey.get(first) ?? []).filter(
    (item) => item.commodities.size === 0 && rest.every((k) => item.keys.has(k)),
  );
}

function namingAnyTerm(commodity: string, index: CatalogIndex): IndexedProduct[] {
  const found = new Set<IndexedProduct>();
  for (const [first, ...rest] of commodityTerms(commodity)) {
    for (const item of index.byKey.get(first) ?? []) if (rest.every((k) => item.keys.has(k))) found.add(item);
  }
  return [...found];
}

function union(a: IndexedProduct[], b: IndexedProduct[]) {
  if (b.length === 0) return a;
  return [...new Set([...a, ...b])];
}
