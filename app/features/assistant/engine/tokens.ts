import { foldText } from "./text";

/** One word or number of a request, folded. */
export type Token = {
  word: string;
  /** The value when the token is a number, written in digits or in words. */
  num?: number;
  /** A number written in words ("fifty", "veinticinco"). */
  spelled?: boolean;
  /** Written with no space after the token before it: "60s", "10%", "$52". */
  glued: boolean;
};

// A table: kept in rows, it reads better than one entry a line.
// prettier-ignore
const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19,
  cero: 0, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
  once: 11, doce: 12, trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18,
  diecinueve: 19, veintiuno: 21, veintiun: 21, veintidos: 22, veintitres: 23, veinticuatro: 24,
  veinticinco: 25, veintiseis: 26, veintisiete: 27, veintiocho: 28, veintinueve: 29,
};

// A table: kept in rows, it reads better than one entry a line.
// prettier-ignore
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  veinte: 20, treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90,
};

const HUNDREDS = new Set(["hundred", "cien", "ciento"]);
/** "a dollar", "un dólar": the article is the number one only before these. */
const ONE_BEFORE = new Set(["dollar", "dolar", "buck", "hundred", "cien", "ciento", "peso"]);
const ARTICLES = new Set(["a", "an", "un", "una"]);

/**
 * Digits as people write a price: "52.5", "52,50" (a decimal comma: two digits after it),
 * "1,250" (a thousands comma), "1.250,50".
 */
export function parseDigits(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d+\.\d+$/.test(text)) return Number(text);
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return Number(text.replace(/,/g, ""));
  if (/^\d+,\d{1,2}$/.test(text)) return Number(text.replace(",", "."));
  if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(text)) return Number(text.replace(/\./g, "").replace(",", "."));
  return null;
}

const TOKEN = /[a-z]+|\d+(?:[.,]\d+)*|[%$¢=+-]/g;

/** The request as tokens: folded words, numbers (digits or words), and the signs that matter. */
export function tokenize(text: string): Token[] {
  const folded = foldText(text)
    .replace(/\bpor\s+ciento\b/g, "porciento")
    .replace(/\bper\s+cent\b/g, "percent");
  const raw: Token[] = [];
  let end = -1;
  for (const match of folded.matchAll(TOKEN)) {
    const word = match[0];
    const glued = match.index === end;
    end = match.index + word.length;
    const num = /^\d/.test(word) ? parseDigits(word) : null;
    raw.push(num === null ? { word, glued } : { word, num, glued });
  }
  return spellNumbers(raw);
}

/** Joins number words into numbers: "twenty five" → 25, "treinta y cinco" → 35, "a dollar" → 1. */
function spellNumbers(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens[i + 1]?.word;
    if (ARTICLES.has(t.word) && next && ONE_BEFORE.has(next)) {
      out.push({ word: t.word, num: 1, spelled: true, glued: t.glued });
      continue;
    }
    const first = numberWord(t.word);
    if (first === null) {
      out.push(t);
      continue;
    }
    let value = first;
    let j = i + 1;
    if (first >= 20 && first % 10 === 0) {
      // "twenty five", "treinta y cinco"
      const skip = tokens[j]?.word === "y" ? 1 : 0;
      const unit = UNITS[tokens[j + skip]?.word ?? ""];
      if (unit !== undefined && unit > 0 && unit < 10) {
        value += unit;
        j += skip + 1;
      }
    }
    if (HUNDREDS.has(tokens[j]?.word ?? "") && value < 10) {
      value = (value || 1) * 100;
      j++;
    }
    out.push({ word: String(value), num: value, spelled: true, glued: t.glued });
    i = j - 1;
  }
  return out;
}

function numberWord(word: string): number | null {
  if (word in UNITS) return UNITS[word];
  if (word in TENS) return TENS[word];
  if (HUNDREDS.has(word)) return 100;
  return null;
}
