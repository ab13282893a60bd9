import type { Lang } from "~/i18n/config";
import { createI18n } from "~/i18n/instance";
import { resources } from "~/i18n/resources";
import { describeImportRowMessage, describeRejection, type ImportRowMessage } from "../engine/messages";
import type { Rejection } from "../engine/types";

/** Keys built from codes (`run.messages.<code>`…) are checked by the message tests, not by the compiler. */
type Translate = (key: string, values?: Record<string, string | number>) => string;

const translators = new Map<Lang, Translate>();

/** The `import` namespace in one language, for text the server writes (stored messages, CSV, the command line). */
export function importTranslator(lang: Lang): Translate {
  let t = translators.get(lang);
  if (!t) {
    t = createI18n(lang).getFixedT(lang, "import") as unknown as Translate;
    translators.set(lang, t);
  }
  return t;
}

const templates = new Map<string, string | null>();

/** The text of a key of `import`, straight from the resources (no plurals or nesting are used there). */
function template(lang: Lang, key: string): string | null {
  const id = `${lang}:${key}`;
  let text = templates.get(id);
  if (text === undefined) {
    const found = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources[lang].import);
    text = typeof found === "string" ? found : null;
    templates.set(id, text);
  }
  return text;
}

/**
 * A row's messages as one text, in order (the final message). Tens of thousands of rows are
 * worded per import, so the templates are filled in directly rather than through i18next's t().
 */
export function rowMessageText(messages: readonly ImportRowMessage[], lang: Lang = "en"): string {
  return messages
    .map((message) => {
      const { key, values } = describeImportRowMessage(message, lang);
      const text = template(lang, key);
      if (text === null) return importTranslator(lang)(key, values);
      return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
        Object.hasOwn(values, name) ? String(values[name]) : whole,
      );
    })
    .join(" ");
}

/** A refused file's message. */
export function rejectionText(rejection: Rejection, lang: Lang = "en"): string {
  const { key, values } = describeRejection(rejection);
  return importTranslator(lang)(key, values);
}
