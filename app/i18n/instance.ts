import type { i18n } from "i18next";
import { languages, type Lang } from "./config";
import { resources } from "./resources";
import { i18nFromTranslations, provideTranslations, type Translations } from "./store";

// Every namespace of both languages, for the server, scripts and tests. The browser never loads
// this module: it gets the current language's namespaces from the root loader (bundle.server.ts).
for (const lang of languages) provideTranslations(lang, resources[lang] as Translations);

/** An instance with every translation of a language, for server-side text (mail, SMS). */
export function createI18n(lang: Lang): i18n {
  return i18nFromTranslations(lang, resources[lang] as Translations);
}
