import type { Lang } from "~/i18n/config";
import { createI18n } from "~/i18n/instance";
import { describeRejection } from "./messages";
import { describeImportRowMessage, type ImportRowMessage } from "./run-messages";
import type { Rejection } from "./types";

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

/** A row's messages as one text, in order (the final message). */
export function rowMessageText(messages: readonly ImportRowMessage[], lang: Lang = "en"): string {
  const t = importTranslator(lang);
  return messages
    .map((message) => {
      const { key, values } = describeImportRowMessage(message, lang);
      return t(key, values);
    })
    .join(" ");
}

/** A refused file's message. */
export function rejectionText(rejection: Rejection, lang: Lang = "en"): string {
  const { key, values } = describeRejection(rejection);
  return importTranslator(lang)(key, values);
}
