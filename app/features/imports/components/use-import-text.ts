import { useTranslation } from "react-i18next";
import type { Described } from "../messages";

type Values = Record<string, string | number>;

/**
 * The `import` namespace's translator, plus `text()` for keys that arrive as data (the engine's
 * codes, a row's messages): those keys are checked by the engine's tests rather than by types.
 */
export function useImportText() {
  const { t, i18n } = useTranslation("import");
  const text = (key: string | Described, values?: Values): string => {
    const translate = t as unknown as (key: string, values?: Values) => string;
    return typeof key === "string" ? translate(key, values) : translate(key.key, key.values);
  };
  return { t, text, lang: i18n.language };
}

const sizeFormats = new Map<string, Intl.NumberFormat>();

/** A file size for people: "2.4 MB", "812 kB". */
export function formatFileSize(bytes: number, lang: string) {
  const mb = bytes >= 1000 * 1000;
  const key = `${lang}|${mb}`;
  let format = sizeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, {
      style: "unit",
      unit: mb ? "megabyte" : "kilobyte",
      maximumFractionDigits: 1,
    });
    sizeFormats.set(key, format);
  }
  return format.format(mb ? bytes / (1000 * 1000) : Math.max(bytes, 1) / 1000);
}
