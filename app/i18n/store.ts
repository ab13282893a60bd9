import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { formatNumber } from "~/lib/locale";
import { fallbackLang, languages, type Lang, type Namespace } from "./config";

/** One language's translations, by namespace: all of them on the server, what a page needs in the browser. */
export type Translations = Partial<Record<Namespace, object>>;

const known: Record<Lang, Translations> = { en: {}, es: {} };
const instances = new Map<Lang, i18n>();

/**
 * Translations as one JSON text: what the root loader sends anonymous visitors, and the file
 * signed-in pages fetch (docs/decisions/018-translations-delivery.md). React Router encodes loader
 * data value by value, and even the public namespaces are about a thousand values; a single string
 * is encoded at native speed.
 */
export type PackedTranslations = string & { readonly __packed: "translations" };

export function packTranslations(translations: Translations): PackedTranslations {
  return JSON.stringify(translations) as PackedTranslations;
}

const unpacked = new Map<Lang, { text: string; translations: Translations }>();

/**
 * The translations in a packed text; the same text gives the same objects, so providing them
 * again after the root loader reloads costs nothing.
 */
export function unpackTranslations(lang: Lang, text: PackedTranslations | null | undefined): Translations | undefined {
  if (!text) return undefined;
  const last = unpacked.get(lang);
  if (last?.text === text) return last.translations;
  const translations = JSON.parse(text) as Translations;
  unpacked.set(lang, { text, translations });
  return translations;
}

/** Values that are numbers but not quantities: written as they are, never "2,013". */
const NOT_QUANTITIES = new Set(["year", "code", "id", "sku", "quickbooksId"]);

/**
 * Every number put into a sentence ("{{count}} products") is written as the site writes numbers
 * ("1,250 productos", app/lib/locale.ts), so that no count reads "1250" beside a "1,250" on the same
 * page. The translations name no formats of their own; anything else passes through as given.
 */
const numbersInSentences = {
  type: "formatter" as const,
  init() {},
  add() {},
  addCached() {},
  format(
    value: unknown,
    _format: string | undefined,
    lng: string | undefined,
    options?: { interpolationkey?: string },
  ) {
    if (typeof value !== "number" || NOT_QUANTITIES.has(options?.interpolationkey ?? "")) return value;
    return formatNumber(value, lng ?? fallbackLang);
  },
};

/** Builds an instance over the given translations; no translation file is imported here. */
export function i18nFromTranslations(lang: Lang, translations: Translations): i18n {
  const instance = i18next.createInstance();
  instance
    .use(initReactI18next)
    .use(numbersInSentences)
    .init({
      lng: lang,
      fallbackLng: fallbackLang,
      supportedLngs: [...languages],
      ns: Object.keys(translations),
      defaultNS: "general",
      resources: { [lang]: { ...translations } } as Record<string, Record<string, object>>,
      initAsync: false,
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: (lngs, ns, key, fallbackValue) => {
        if (fallbackValue === key) console.warn(`Missing translation: ${ns}:${key} (${lngs.join(",")})`);
      },
    });
  return instance;
}

/**
 * Makes translations known to this runtime. The server provides every namespace at start-up
 * (app/i18n/instance.ts); the browser receives the current language's namespaces from the root
 * loader. Namespaces are only ever added or replaced (after an edit in development), never
 * dropped, so a page rendered with fewer namespaces does not take them from another.
 */
export function provideTranslations(lang: Lang, translations: Translations | undefined) {
  if (!translations) return;
  const instance = instances.get(lang);
  for (const [ns, data] of Object.entries(translations) as Array<[Namespace, object]>) {
    if (known[lang][ns] === data) continue;
    known[lang][ns] = data;
    instance?.addResourceBundle(lang, ns, data, true, true);
  }
}

/** The shared instance of a language over every translation known so far. */
export function i18nFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18nFromTranslations(lang, known[lang]);
    instances.set(lang, instance);
  }
  return instance;
}

/** A translator for code that cannot use hooks: meta functions, server-side formatting. */
export function translatorFor(lang: Lang) {
  return i18nFor(lang).t;
}
