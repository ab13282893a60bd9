import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { fallbackLang, namespaces, type Lang } from "./config";
import { resources } from "./resources";

/** One instance per server request, one for the browser; both built the same way. */
export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: fallbackLang,
    supportedLngs: ["en", "es"],
    ns: [...namespaces],
    defaultNS: "general",
    resources: resources as Record<string, Record<string, object>>,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key, fallbackValue) => {
      if (fallbackValue === key) console.warn(`Missing translation: ${ns}:${key} (${lngs.join(",")})`);
    },
  });
  return instance;
}
