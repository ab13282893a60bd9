import { describe, expect, it } from "vitest";
import { createI18n } from "../../../app/i18n/instance";
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

/**
 * What a reader meets on the page: its text and the labels a screen reader reads out. Left out:
 * what the page marks as written in another language (a price sheet printed in the language its
 * reader chose) and a conversation's messages and the list of conversations (named after their
 * first message), which are what people typed.
 */
async function readable(s: Session, lang: Lang) {
  const conversations = createI18n(lang).t("conversations.label", { ns: "assistant" });
  return s.page.evaluate(
    ({ lang, conversations }) => {
      const aside = [
        ...document.querySelectorAll<HTMLElement>(
          `main [lang]:not([lang="${lang}"]), [role="log"], nav[aria-label="${conversations}"]`,
        ),
      ];
      for (const el of aside) el.style.display = "none";
      const shown = (el: Element) => !aside.some((a) => a.contains(el));
      const labels = [...document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")]
        .filter(shown)
        .flatMap((el) => ["aria-label", "placeholder", "title", "alt"].map((name) => el.getAttribute(name) ?? ""));
      const text = [document.title, document.body.innerText, ...labels].join("\n");
      for (const el of aside) el.style.display = "";
      return text;
    },
    { lang, conversations },
  );
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
        const text = await readable(s, lang);
        for (const phrase of foreign) if (text.includes(phrase)) found.push(`${path}: “${phrase}”`);
      }
      expect(found).toEqual([]);
    },
  );
});
