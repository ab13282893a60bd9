import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { namespaces } from "./config";
import { resources } from "./resources";

type Term = { english: string[]; spanish: string[]; not: string[]; line: number };

/** The rows of every English | Spanish | Not | Notes table in the glossary. */
function readGlossary(path: string): Term[] {
  const terms: Term[] = [];
  let inTable = false;
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((raw, index) => {
      const line = raw.trim();
      if (!line.startsWith("|")) {
        inTable = false;
        return;
      }
      const cells = line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim());
      if (cells[0] === "English" && cells[1] === "Spanish" && cells[2] === "Not") {
        inTable = true;
        return;
      }
      if (!inTable || /^-+$/.test(cells[0])) return;
      const forms = (cell: string, separator: string) =>
        cell
          .split(separator)
          .map((form) => form.trim())
          .filter(Boolean);
      terms.push({
        // A parenthesis says which sense is meant; it is not part of the word.
        english: forms(cells[0].replace(/\([^)]*\)/g, ""), " / "),
        spanish: forms(cells[1], " / "),
        not: forms(cells[2], ","),
        line: index + 1,
      });
    });
  return terms;
}

function leaves(value: unknown, prefix = ""): Array<[string, string]> {
  if (typeof value === "string") return [[prefix, value]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** The word or phrase on its own: not inside a longer word ("orden" is not in "ordenar"). */
const wholeWord = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}(?![\\p{L}\\p{N}])`, "iu");
const unaccented = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");
/** Placeholders are filled in by code: "{{pack}}" is not the word pack. */
const withoutPlaceholders = (text: string) => text.replace(/{{[^}]*}}/g, " ");

/**
 * Strings where an English glossary word means something the glossary row does not, so the Spanish
 * rightly uses another word.
 */
const SENSES: Record<string, { term: string; why: string }> = {
  "catalog:units.pack": { term: "pack", why: "the unit sold, a pack, is a paquete, not what a unit holds" },
  "import:engine.rejections.unclosedQuote": { term: "quote", why: "a quotation mark in the file" },
  "import:engine.rejections.malformedQuote": { term: "quote", why: "a quotation mark in the file" },
};

const glossary = readGlossary("docs/glossary.md");
const strings = (lang: "en" | "es") =>
  namespaces.flatMap((ns) => leaves(resources[lang][ns]).map(([key, text]) => [`${ns}:${key}`, text] as const));
const english = new Map<string, string>(strings("en"));
const spanish = new Map<string, string>(strings("es"));

describe("glossary", () => {
  it("is read: every row has an English word and a Spanish one", () => {
    expect(glossary.length).toBeGreaterThan(50);
    for (const term of glossary) {
      expect(term.english.length, `docs/glossary.md:${term.line}`).toBeGreaterThan(0);
      expect(term.spanish.length, `docs/glossary.md:${term.line}`).toBeGreaterThan(0);
    }
  });

  it("no Spanish string uses a word the glossary rules out", () => {
    const found: string[] = [];
    for (const term of glossary) {
      for (const word of term.not) {
        const pattern = wholeWord(unaccented(word));
        for (const [key, text] of spanish) {
          if (pattern.test(unaccented(text))) found.push(`${key} uses “${word}” (say “${term.spanish[0]}”): ${text}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("a Spanish string says the glossary's word wherever its English says the English one", () => {
    const missing: string[] = [];
    for (const [key, en] of english) {
      const es = spanish.get(key) ?? "";
      for (const term of glossary) {
        const said = term.english.find((form) => wholeWord(form).test(withoutPlaceholders(en)));
        if (!said || SENSES[key]?.term === said) continue;
        if (!term.spanish.some((form) => wholeWord(form).test(es))) {
          missing.push(`${key}: “${said}” is “${term.spanish.join(" / ")}”: ${en} → ${es}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("the exceptions still name a word their English uses", () => {
    for (const [key, { term }] of Object.entries(SENSES)) {
      expect(withoutPlaceholders(english.get(key) ?? ""), key).toMatch(wholeWord(term));
    }
  });

  it("Spanish quotes with “ ”, as Latin America does, not « »", () => {
    const guillemets = [...spanish].filter(([, text]) => /[«»]/.test(text)).map(([key]) => key);
    expect(guillemets).toEqual([]);
  });
});
