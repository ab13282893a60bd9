import { fold, plainPunctuation } from "../text";
import type { Pack, PackUnit, SoldUnit } from "../types";

/**
 * The trade's pack notations, read from a description (the built-in engine's pack grammar,
 * docs/decisions/013-import-engine.md). The first rule that matches wins, in this order:
 *
 *   pallet   `(60 CS)`                      → 60 case   (a pallet of cases, whatever each case holds)
 *   multi    `8X1LB`, `12x6oz`, `12x1 pt`   → 8 lb, 72 oz, 12 pt
 *   weight   `50 LB`, `25#`, `1 kg`, `12 OZ` → lb, kg, oz, g  (`#1` before a number is a grade);
 *            volumes the same way: `12 PT`, `4 GAL` → pt, qt, gal
 *   bushel   `1 1/9 BU`, `1/2 BU`           → 1.111 bu, 0.5 bu
 *   count    `48CT`, `24 BCH`, `15 DZ`, `6 EA`, `2 CS` → ct, bunch, dozen, each, case
 *   bare     `EA` → 1 each; `CS` → 1 case
 *   unit     nothing in the text: 1 × the file's unit of measure (QuickBooks Desktop's U/M)
 *
 * So a weight beats a size count (`POTATO RUSSET 70CT 50LB` → 50 lb) and `TOMATE BOLA 5X6 25#`
 * is 25 lb (5x6 is a size grade: no unit follows it).
 */
const NUMBER = String.raw`\d+(?:\.\d+)?`;
const MIXED = String.raw`\d+(?:\s+|\s*-\s*)\d+\/\d+|\d+\/\d+|\d+(?:\.\d+)?`;
const END = String.raw`(?![A-Z0-9])`;
const START = String.raw`(?<![\d./#])`;

const PALLET = new RegExp(String.raw`\(\s*(\d+)\s*(?:CS|CASES?|CAJAS?|CTNS?|CARTONS?|BOX(?:ES)?|CJS?)\s*\)`);
const MULTI = new RegExp(
  String.raw`${START}(\d+)\s*[X×*]\s*(${NUMBER})\s*(LBS?|#|KGS?|OZ|GRS?|G|PTS?|PINTS?|QTS?|GAL|GALLONS?|CT|EA)(?![A-Z0-9])`,
);
const WEIGHT = new RegExp(
  String.raw`${START}(${MIXED})\s*(LBS?|POUNDS?|LIBRAS?|KGS?|KILOS?|KILOGRAMOS?|OZ|ONZAS?|GRAMOS?|GRS?|G|PTS?|PINTS?|QTS?|QUARTS?|GAL|GALS|GALLONS?|GALON(?:ES)?)${END}|${START}(${NUMBER})\s*#(?!\d)`,
);
const BUSHEL = new RegExp(String.raw`${START}(${MIXED})\s*(?:BU|BUS|BUSHELS?|BSH)${END}`);
const COUNT = new RegExp(
  String.raw`${START}(\d+)\s*(CT|CNT|COUNT|PCS?|PZAS?|PIEZAS?|BCH|BUNCH(?:ES)?|BNCH|MANOJOS?|DZ|DOZ|DOZEN|DOCENAS?|EA|EACH|CS|CASES?|CAJAS?)${END}`,
);
const BARE_EACH = /(?<![A-Z0-9])(?:EA|EACH|C\/U)(?![A-Z0-9])/;
const BARE_CASE = /(?<![A-Z0-9(])(?:CS|CASE|CAJA)(?![A-Z0-9])/;

const WEIGHT_UNITS: Record<string, PackUnit> = {
  LB: "lb",
  LBS: "lb",
  POUND: "lb",
  POUNDS: "lb",
  LIBRA: "lb",
  LIBRAS: "lb",
  "#": "lb",
  KG: "kg",
  KGS: "kg",
  KILO: "kg",
  KILOS: "kg",
  KILOGRAMO: "kg",
  KILOGRAMOS: "kg",
  OZ: "oz",
  ONZA: "oz",
  ONZAS: "oz",
  G: "g",
  GR: "g",
  GRS: "g",
  GRAMO: "g",
  GRAMOS: "g",
  PT: "pt",
  PTS: "pt",
  PINT: "pt",
  PINTS: "pt",
  QT: "qt",
  QTS: "qt",
  QUART: "qt",
  QUARTS: "qt",
  GAL: "gal",
  GALS: "gal",
  GALLON: "gal",
  GALLONS: "gal",
  GALON: "gal",
  GALONES: "gal",
  CT: "ct",
  EA: "each",
};

function countUnit(word: string): PackUnit {
  if (/^(CT|CNT|COUNT|PCS?|PZAS?|PIEZAS?)$/.test(word)) return "ct";
  if (/^(BCH|BUNCH|BUNCHES|BNCH|MANOJOS?)$/.test(word)) return "bunch";
  if (/^(DZ|DOZ|DOZEN|DOCENAS?)$/.test(word)) return "dozen";
  if (/^(EA|EACH)$/.test(word)) return "each";
  return "case";
}

/** "1 1/9" → 1.111, "1-1/9" → 1.111, "1/2" → 0.5, "2.5" → 2.5. */
export function parseMixedNumber(text: string): number {
  const parts = text.trim().split(/\s*-\s*|\s+/);
  let total = 0;
  for (const part of parts) {
    const [a, b] = part.split("/");
    total += b === undefined ? Number(a) : Number(a) / Number(b);
  }
  return total;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function pack(value: number, unit: PackUnit): Pack | null {
  const rounded = round3(value);
  return Number.isFinite(rounded) && rounded > 0 ? { value: rounded, unit } : null;
}

/** QuickBooks Desktop's U/M (and the like) as a pack unit. */
const UNIT_OF_MEASURE: Record<string, PackUnit> = {
  LB: "lb",
  LBS: "lb",
  KG: "kg",
  OZ: "oz",
  EA: "each",
  EACH: "each",
  CS: "case",
  CASE: "case",
  BX: "case",
  BOX: "case",
  BU: "bu",
  BUSHEL: "bu",
  DZ: "dozen",
  DOZEN: "dozen",
  BCH: "bunch",
  BUNCH: "bunch",
  CT: "ct",
};

export function packFromUnitOfMeasure(unit: string | undefined): Pack | null {
  const key = fold(unit ?? "").replace(/[^A-Z]/g, "");
  const packUnit = UNIT_OF_MEASURE[key];
  return packUnit ? { value: 1, unit: packUnit } : null;
}

export type PackReading = {
  pack: Pack | null;
  /** Where in the (folded) text the first pack notation starts, or -1: what follows it is origin and lot. */
  start: number;
  /** "description" when the text said it, "unit" when it came from the unit of measure. */
  source: "description" | "unit" | null;
};

/** Reads the pack from a description (folded or not); falls back to the unit of measure when given. */
export function parsePack(description: string, unitOfMeasure?: string): PackReading {
  const text = fold(plainPunctuation(description));
  const starts = [PALLET, MULTI, WEIGHT, BUSHEL, COUNT].map((re) => text.search(re)).filter((i) => i >= 0);
  const start = starts.length > 0 ? Math.min(...starts) : -1;
  const found = (p: Pack | null): PackReading => ({ pack: p, start, source: p ? "description" : null });

  let m = PALLET.exec(text);
  if (m) return found(pack(Number(m[1]), "case"));
  m = MULTI.exec(text);
  if (m) return found(pack(Number(m[1]) * Number(m[2]), WEIGHT_UNITS[m[3]] ?? "ct"));
  m = WEIGHT.exec(text);
  if (m) {
    if (m[3] !== undefined) return found(pack(Number(m[3]), "lb"));
    return found(pack(parseMixedNumber(m[1]), WEIGHT_UNITS[m[2]] ?? "lb"));
  }
  m = BUSHEL.exec(text);
  if (m) return found(pack(parseMixedNumber(m[1]), "bu"));
  m = COUNT.exec(text);
  if (m) return found(pack(Number(m[1]), countUnit(m[2])));
  if (BARE_EACH.test(text)) return found({ value: 1, unit: "each" });
  if (BARE_CASE.test(text)) return found({ value: 1, unit: "case" });
  const fromUnit = packFromUnitOfMeasure(unitOfMeasure);
  return { pack: fromUnit, start, source: fromUnit ? "unit" : null };
}

const SOLD_BY_UNIT: Record<string, SoldUnit> = {
  CS: "case",
  CASE: "case",
  BX: "case",
  BOX: "case",
  CTN: "case",
  LB: "lb",
  LBS: "lb",
  KG: "kg",
  EA: "each",
  EACH: "each",
  PC: "each",
  PK: "pack",
  PACK: "pack",
  BU: "bushel",
  DZ: "dozen",
  BCH: "bunch",
  BUNCH: "bunch",
  BAG: "bag",
  SACK: "bag",
  BIN: "bin",
  FLAT: "flat",
  PALLET: "pallet",
  PLT: "pallet",
  CRATE: "crate",
};

const SOLD_BY_WORD: Array<[RegExp, SoldUnit]> = [
  [/\b(PALLET|TARIMA)\b/, "pallet"],
  [/\bBINS?\b/, "bin"],
  [/\bFLATS?\b/, "flat"],
  [/\b(BAGS?|SACOS?|SACK|BOLSAS?)\b/, "bag"],
  [/\bCRATES?\b/, "crate"],
  [/\bLUGS?\b/, "lug"],
];

/**
 * What one unit sold is (the product's `unit`): the file's unit of measure when it has one, else a
 * packing word in the description (pallet, bin, flat, bag…), else "each" for an item sold by the
 * piece, else "case" — how a produce house sells by default.
 */
export function soldUnit(description: string, unitOfMeasure: string | undefined, found: Pack | null): SoldUnit {
  const key = fold(unitOfMeasure ?? "").replace(/[^A-Z]/g, "");
  if (key && SOLD_BY_UNIT[key]) return SOLD_BY_UNIT[key];
  const text = fold(description);
  for (const [re, unit] of SOLD_BY_WORD) if (re.test(text)) return unit;
  if (found && found.unit === "each" && found.value === 1) return "each";
  return "case";
}
