import type { Category } from "~/features/catalog/categories";
import type { Lang } from "~/i18n/config";
import {
  ALL_WORDS,
  BY_WORDS,
  CATEGORY_WORDS,
  CENT_WORDS,
  CHANGE_WORDS,
  DOLLAR_WORDS,
  DOWN_PARTICLES,
  DOWN_WORDS,
  ENGLISH,
  FILLER_WORDS,
  FROM_WORDS,
  HISTORY_PHRASES,
  HISTORY_WORDS,
  LIST_NOUNS,
  LIST_PREPOSITIONS,
  LIST_WORDS,
  OUT_OF_SCOPE_PHRASES,
  OUT_OF_SCOPE_WORDS,
  PACK_UNITS,
  PERCENT_WORDS,
  SET_WORDS,
  SPANISH,
  TO_WORDS,
  UP_PARTICLES,
  UP_WORDS,
} from "./lexicon";
import { dollarsToCents } from "~/lib/money";
import { foldText } from "./text";
import { tokenize, type Token } from "./tokens";

/** An amount as written: dollars (a price or a change of price) or a percentage. */
export type Amount = {
  kind: "fixed" | "percentage";
  value: number;
  /** A sign written before it: "+10%", "-2". */
  sign: 1 | -1 | 0;
  /** The word before it: "to 52", "by 2", "from 50"; "en 13" is either "to" or "by". */
  marker: "to" | "in" | "by" | "from" | null;
};

export type Intent = {
  /** The language its words are in; null when they do not tell. */
  lang: Lang | null;
  outOfScope: boolean;
  /** What the verbs say. */
  wantsChange: boolean;
  wantsHistory: boolean;
  wantsList: boolean;
  /** Raise (1), lower (-1), or neither said (0). */
  direction: 1 | -1 | 0;
  /** A verb that means "set to": set, put, pon, fija. */
  setVerb: boolean;
  amount: Amount | null;
  /** The number of days of a period it names ("this month" → 30). */
  days: number | null;
  /** A pack it names: "60s", "48 ct", "40 lb". */
  pack: { value: number; unit: string | null } | null;
  /** "all", "todos": every product of what it names. */
  saysAll: boolean;
  /** Words that name a category, with the category. */
  categoryWords: Array<{ word: string; category: Category }>;
  /** The words left once grammar, amounts and periods are set aside, category words among them, in order. */
  words: string[];
  /** The words beside "list"/"lista": what names a list ("the Hotels list", "la lista Hoteles"). */
  listWords: string[];
  /** The word after "lista de": a list's name, or what the list holds ("lista de aguacates"). */
  listContents: string[];
  /** Words after "on", "for", "en", "para": where a list may be named without the word "list". */
  afterPreposition: string[];
};

// A table: kept in rows, it reads better than one entry a line.
// prettier-ignore
const UNIT_DAYS: Record<string, number> = {
  day: 1, days: 1, dia: 1, dias: 1,
  week: 7, weeks: 7, semana: 7, semanas: 7,
  month: 30, months: 30, mes: 30, meses: 30,
  quarter: 90, quarters: 90, trimestre: 90, trimestres: 90,
  year: 365, years: 365, ano: 365, anos: 365,
  fortnight: 14, quincena: 14,
};

/** "The last 99 years" reads as all the history there is: a period never reaches before this. */
export const MAX_DAYS = 3_650;

const PERIOD_WORDS: Record<string, number> = { today: 1, hoy: 1, yesterday: 2, ayer: 2 };
const PERIOD_LEAD = new Set([
  "last",
  "past",
  "previous",
  "ultimos",
  "ultimas",
  "ultimo",
  "ultima",
  "the",
  "los",
  "las",
]);

const GREETINGS = /\b(buen[oa]s\s+(d[ií]as|tardes|noches)|good\s+(morning|afternoon|evening))\b/gi;

type Scan = { tokens: Token[]; used: boolean[] };

export function understand(text: string): Intent {
  const tokens = tokenize(text.replace(GREETINGS, " "));
  const scan: Scan = { tokens, used: tokens.map(() => false) };
  const folded = foldText(text);
  const period = takePeriod(scan);
  const days = period === null ? null : Math.min(period, MAX_DAYS);
  const pack = takePack(scan);
  const amount = takeAmount(scan);
  const has = (set: Set<string>) => tokens.some((t, i) => !scan.used[i] && set.has(t.word));
  const up = has(UP_WORDS);
  const down = has(DOWN_WORDS);
  const rises = up || has(UP_PARTICLES);
  const falls = down || has(DOWN_PARTICLES);
  const direction = rises && !falls ? 1 : falls && !rises ? -1 : 0;
  const setVerb = has(SET_WORDS);
  const wantsHistory = has(HISTORY_WORDS) || HISTORY_PHRASES.some((p) => p.test(folded));
  const wantsChange = up || down || setVerb || has(CHANGE_WORDS);
  const categoryWords = findCategoryWords(scan);
  return {
    lang: detectLanguage(text, tokens),
    outOfScope: tokens.some((t) => OUT_OF_SCOPE_WORDS.has(t.word)) || OUT_OF_SCOPE_PHRASES.some((p) => p.test(folded)),
    wantsChange,
    wantsHistory,
    wantsList: has(LIST_WORDS),
    direction,
    setVerb,
    amount,
    days,
    pack,
    saysAll: has(ALL_WORDS),
    categoryWords,
    words: contentWords(scan),
    ...listWords(scan),
    afterPreposition: afterPreposition(scan),
  };
}

function isGrammar(word: string) {
  return (
    FILLER_WORDS.has(word) ||
    UP_WORDS.has(word) ||
    DOWN_WORDS.has(word) ||
    SET_WORDS.has(word) ||
    CHANGE_WORDS.has(word) ||
    HISTORY_WORDS.has(word) ||
    LIST_WORDS.has(word) ||
    ALL_WORDS.has(word) ||
    TO_WORDS.has(word) ||
    BY_WORDS.has(word) ||
    FROM_WORDS.has(word) ||
    PERCENT_WORDS.has(word) ||
    DOLLAR_WORDS.has(word) ||
    CENT_WORDS.has(word) ||
    LIST_NOUNS.has(word) ||
    word in UNIT_DAYS ||
    word in PERIOD_WORDS ||
    PERIOD_LEAD.has(word) ||
    ENGLISH.has(word) ||
    SPANISH.has(word)
  );
}

/** "this month", "últimos 90 días", "last 2 weeks", "today": the days it covers. */
function takePeriod(scan: Scan): number | null {
  const { tokens, used } = scan;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i].word;
    if (word in PERIOD_WORDS) {
      used[i] = true;
      return PERIOD_WORDS[word];
    }
    if (!(word in UNIT_DAYS)) continue;
    used[i] = true;
    const before = tokens[i - 1];
    if (before?.num !== undefined && Number.isInteger(before.num) && before.num > 0) {
      used[i - 1] = true;
      return before.num * UNIT_DAYS[word];
    }
    // "los últimos 3 meses" puts nothing between; "los 3 últimos meses" does.
    if (PERIOD_LEAD.has(before?.word ?? "") && tokens[i - 2]?.num !== undefined) {
      used[i - 2] = true;
      return (tokens[i - 2].num ?? 1) * UNIT_DAYS[word];
    }
    return UNIT_DAYS[word];
  }
  return null;
}

/** "60s", "48 ct", "40lb": the pack of a product, never an amount. */
function takePack(scan: Scan): Intent["pack"] {
  const { tokens, used } = scan;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    if (t.num === undefined || used[i] || t.spelled) continue;
    if (next.glued && next.word === "s") {
      used[i] = used[i + 1] = true;
      return { value: t.num, unit: null };
    }
    if (PACK_UNITS.has(next.word)) {
      used[i] = used[i + 1] = true;
      return { value: t.num, unit: next.word };
    }
  }
  return null;
}

/**
 * The amount of a change: "10%", "5 por ciento", "$52.50", "52,50", "a dollar fifty",
 * "75 centavos", "two fifty". With several ("from 50 to 52"), the one after "to" wins.
 */
function takeAmount(scan: Scan): Amount | null {
  const found: Amount[] = [];
  for (let i = 0; i < scan.tokens.length; i++) {
    if (scan.used[i] || scan.tokens[i].num === undefined) continue;
    const amount = readAmount(scan, i);
    if (amount) found.push(amount);
  }
  return found.find((a) => a.marker === "to") ?? found.find((a) => a.marker !== "from") ?? found[0] ?? null;
}

function readAmount(scan: Scan, i: number): Amount | null {
  const { tokens, used } = scan;
  const t = tokens[i];
  const value = t.num!;
  const word = (k: number) => (used[k] ? "" : (tokens[k]?.word ?? ""));
  let start = i;
  let sign: Amount["sign"] = 0;
  let money = false;
  if (word(start - 1) === "$") {
    money = true;
    start--;
  }
  if ((word(start - 1) === "+" || word(start - 1) === "-") && tokens[start].glued) {
    sign = word(start - 1) === "+" ? 1 : -1;
    start--;
  }
  const marker = markerBefore(word(start - 1));
  let end = i + 1;
  let result: Amount;
  if (PERCENT_WORDS.has(word(end))) {
    result = { kind: "percentage", value, sign, marker };
    end++;
  } else if (CENT_WORDS.has(word(end))) {
    result = { kind: "fixed", value: value / 100, sign, marker };
    end++;
  } else {
    let dollars = value;
    if (DOLLAR_WORDS.has(word(end))) {
      money = true;
      end++;
    }
    // "a dollar fifty", "2 dollars and 25 cents", "un dólar con cincuenta", "two fifty"
    const joiner = ["and", "y", "con"].includes(word(end)) ? 1 : 0;
    const cents = tokens[end + joiner];
    const spelledPair = t.spelled && cents?.spelled && !money && value < 100;
    if (cents?.num !== undefined && !used[end + joiner] && cents.num < 100 && Number.isInteger(cents.num)) {
      if ((money || spelledPair) && !PERCENT_WORDS.has(word(end + joiner + 1))) {
        dollars += cents.num / 100;
        end += joiner + 1;
        if (CENT_WORDS.has(word(end))) end++;
      }
    }
    result = { kind: "fixed", value: dollarsToCents(dollars) / 100, sign, marker };
  }
  for (let k = start; k < end; k++) used[k] = true;
  return result;
}

function markerBefore(word: string): Amount["marker"] {
  if (word === "en") return "in";
  if (TO_WORDS.has(word)) return "to";
  if (BY_WORDS.has(word)) return "by";
  if (FROM_WORDS.has(word)) return "from";
  return null;
}

function findCategoryWords(scan: Scan) {
  const out: Intent["categoryWords"] = [];
  scan.tokens.forEach((t, i) => {
    if (scan.used[i]) return;
    for (const [category, set] of CATEGORY_WORDS) {
      if (set.has(t.word)) {
        out.push({ word: t.word, category });
        return;
      }
    }
  });
  return out;
}

function contentWords(scan: Scan) {
  return scan.tokens
    .filter((t, i) => !scan.used[i] && t.num === undefined && /^[a-z]{2}/.test(t.word) && !isGrammar(t.word))
    .map((t) => t.word);
}

const ARTICLES = new Set(["la", "las", "mi", "su", "esa", "una", "nuestra", "the", "my", "our"]);

/**
 * The word naming a list: before "list" in English ("the Hotels list"); after "lista" in Spanish
 * when "lista" is a noun ("la lista Hoteles"), not the verb ("lista los aguacates"). After
 * "lista de" it may be a name or what the list holds; the caller tells those apart.
 */
function listWords(scan: Scan) {
  const { tokens } = scan;
  const named: string[] = [];
  const contents: string[] = [];
  const isName = (t: Token | undefined) => t !== undefined && t.num === undefined && !isGrammar(t.word);
  tokens.forEach((t, i) => {
    if (t.word === "list" || t.word === "lists") {
      if (isName(tokens[i - 1])) named.push(tokens[i - 1].word);
    } else if (t.word === "lista" || t.word === "listas") {
      const noun = ARTICLES.has(tokens[i - 1]?.word ?? "");
      const de = tokens[i + 1]?.word === "de" || tokens[i + 1]?.word === "del";
      const next = tokens[i + (de ? 2 : 1)];
      if (isName(next)) (noun ? named : de ? contents : []).push(next.word);
    }
  });
  return { listWords: named, listContents: contents };
}

function afterPreposition(scan: Scan) {
  const { tokens } = scan;
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if (!LIST_PREPOSITIONS.has(t.word)) return;
    const next = ARTICLES.has(tokens[i + 1]?.word ?? "") ? tokens[i + 2] : tokens[i + 1];
    if (next && next.num === undefined && !isGrammar(next.word)) out.push(next.word);
  });
  return out;
}

function detectLanguage(text: string, tokens: Token[]): Lang | null {
  let en = 0;
  let es = 0;
  for (const t of tokens) {
    if (ENGLISH.has(t.word)) en++;
    if (SPANISH.has(t.word)) es++;
  }
  if (/[¿¡ñÑ]|[áéíóú]/.test(text)) es++;
  if (en === es) return null;
  return en > es ? "en" : "es";
}
