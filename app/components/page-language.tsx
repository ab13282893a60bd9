import { createContext, useContext, useState } from "react";
import { isLang, type Lang } from "~/i18n/config";
import type { PackedTranslations } from "~/i18n/store";

/**
 * The reader's language and the public pages' translations, for a page answered before the root's
 * data existed: a request refused before any loader ran (a form posted to a page that takes none,
 * the sessions out of reach). Without them that page would speak English to every reader, and in
 * the browser show its texts' keys.
 */
type PageLanguage = { lang: Lang; translations: PackedTranslations };

const PageLanguageContext = createContext<PageLanguage | null>(null);

export const PageLanguageProvider = PageLanguageContext.Provider;

const SCRIPT_ID = "page-translations";

/** On the server from context; in the browser read back from the page: its `lang` and the script below. */
export function usePageLanguage(): PageLanguage | null {
  const fromServer = useContext(PageLanguageContext);
  const [value] = useState(() => {
    if (fromServer) return fromServer;
    if (typeof document === "undefined") return null;
    const lang = document.documentElement.lang;
    const translations = document.getElementById(SCRIPT_ID)?.textContent;
    return isLang(lang) && translations ? { lang, translations: translations as PackedTranslations } : null;
  });
  return value;
}

/** The translations written into the page for the browser; `<` escaped so the text cannot end the script. */
export function PageTranslations({ value }: { value: PageLanguage }) {
  return (
    <script
      id={SCRIPT_ID}
      type="application/json"
      dangerouslySetInnerHTML={{ __html: value.translations.replace(/</g, "\\u003c") }}
      suppressHydrationWarning
    />
  );
}
