import { describe, expect, it } from "vitest";
import { resources } from "../../../app/i18n/resources";
import { useBrowser, type Lang, type Session, type Who } from "../../support/e2e";
import { allowedPages, authPages, publicPages } from "../pages";

const { session } = useBrowser();

/** Every text of a locale, flattened. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

/**
 * The phrases of one language a reader of the other must never meet: the literal parts of its
 * texts (around the placeholders) of two words or more, leaving out what both languages write
 * alike (brand names, "Email: {{email}}").
 */
function phrasesOnlyIn(lang: Lang): string[] {
  const other: Lang = lang === "en" ? "es" : "en";
  const own = texts(resources[lang]);
  const theirs = texts(resources[other]).join("\n");
  const phrases = new Set<string>();
  for (const text of own) {
    for (const part of text.split(/\{\{[^}]*\}\}|<\/?\d+>|\n/)) {
      const phrase = part
        .trim()
        .replace(/[.:,;!?()“”«»"]+$/u, "")
        .replace(/^[.:,;!?()“”«»"]+/u, "")
        .trim();
      if (phrase.split(/\s+/).length < 2 || theirs.includes(phrase)) continue;
      phrases.add(phrase);
    }
  }
  return [...phrases];
}

/** What a reader meets on the page: its text and the labels a screen reader reads out. */
async function readable(s: Session) {
  return s.page.evaluate(() => {
    const labels = [...document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")].flatMap((el) =>
      ["aria-label", "placeholder", "title", "alt"].map((name) => el.getAttribute(name) ?? ""),
    );
    return [document.title, document.body.innerText, ...labels].join("\n");
  });
}

const pagesFor = (who: Who) =>
  who === "anonymous" ? [...publicPages, ...authPages, "/products/aguacates", "/no-such-page"] : allowedPages(who);

describe.each(["es", "en"] as const)("one language on every page (%s)", (lang) => {
  const foreign = phrasesOnlyIn(lang === "es" ? "en" : "es");

  it.each(["anonymous", "customer", "seller", "admin"] as const)(
    "keeps every page in one language for %s",
    async (who) => {
      const s = await session({ as: who, lang });
      s.allowConsole(/status of 404/);
      const found: string[] = [];
      for (const path of pagesFor(who)) {
        await s.goto(path, { axe: false });
        const text = await readable(s);
        for (const phrase of foreign) if (text.includes(phrase)) found.push(`${path}: “${phrase}”`);
      }
      expect(found).toEqual([]);
    },
  );
});
