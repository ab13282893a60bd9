const MARKS = /[\u0300-\u036f]/g;

/** Lower case without accents: "Súbele" → "subele", "Jalapeño" → "jalapeno". Every comparison uses it. */
export function foldText(text: string) {
  return text.normalize("NFD").replace(MARKS, "").toLowerCase();
}

/**
 * The key a word is compared by, the same for its singular and plural and for the final "e" that
 * English and Spanish spell differently: "limones" and "limón" → "limon", "tomatoes" → "tomato",
 * "chiles" and "chile" → "chil", "berries" → "berry".
 */
export function wordKey(word: string) {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(oes|ches|shes|xes|sses|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 4 && /[lnrdj]es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  if (w.length > 3 && /[^aeiou]e$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Whether two words name the same thing once plurals are set aside. */
export function sameWord(a: string, b: string) {
  return a === b || wordKey(a) === wordKey(b);
}

/**
 * Optimal string alignment distance, stopping early past `max`: a slip of one key (or two in a
 * long word) is forgiven, "cilantor" for "cilantro" counting as one.
 */
export function editDistance(a: string, b: string, max: number) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** How many slips a word of this length may carry and still be recognised. */
export function typoAllowance(word: string) {
  if (word.length >= 8) return 2;
  return word.length >= 5 ? 1 : 0;
}

/** The words of a name, folded, without punctuation: "Culantro (Recao)" → ["culantro", "recao"]. */
export function nameWords(name: string) {
  return foldText(name).match(/[a-z0-9]+/g) ?? [];
}
