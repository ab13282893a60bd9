import { useTranslation } from "~/i18n/use-translation";
import type { Described } from "../../engine/messages";
import { localeOf } from "~/lib/locale";

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

const formats = new Map<string, Intl.NumberFormat>();

function cached(lang: string, key: string, options: Intl.NumberFormatOptions) {
  const id = `${lang}|${key}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), options);
    formats.set(id, format);
  }
  return format;
}

/** A file size for people: "2.4 MB", "812 kB". */
export function formatFileSize(bytes: number, lang: string) {
  const mb = bytes >= 1000 * 1000;
  const format = cached(lang, mb ? "mb" : "kb", {
    style: "unit",
    unit: mb ? "megabyte" : "kilobyte",
    maximumFractionDigits: 1,
  });
  return format.format(mb ? bytes / (1000 * 1000) : Math.max(bytes, 1) / 1000);
}
