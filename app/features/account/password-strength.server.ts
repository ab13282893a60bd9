import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import type { Lang } from "~/i18n/config";

/** zxcvbn scores 0–4; 3 ("safely unguessable") is the lowest we accept. */
export const MIN_PASSWORD_SCORE = 3;

const factories = new Map<Lang, ZxcvbnFactory>();
let packages: ReturnType<typeof loadPackages> | undefined;

/**
 * The word lists are 400,000 strings: loaded on the first password to check, not at start, so a
 * server that is only serving pages does not carry them through every garbage collection.
 */
function loadPackages() {
  return Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
    import("@zxcvbn-ts/language-es-es"),
  ]).then(([core, common, en, es]) => ({
    ZxcvbnFactory: core.ZxcvbnFactory,
    graphs: common.adjacencyGraphs,
    translations: { en: en.translations, es: es.translations } satisfies Record<Lang, unknown>,
    // Both languages' words are in both dictionaries, so a password gets the same verdict whatever
    // language its owner reads the site in; only the wording of the feedback differs.
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
  }));
}

async function factoryFor(lang: Lang) {
  let factory = factories.get(lang);
  if (!factory) {
    const zxcvbn = await (packages ??= loadPackages());
    factory = new zxcvbn.ZxcvbnFactory({
      translations: zxcvbn.translations[lang],
      graphs: zxcvbn.graphs,
      dictionary: zxcvbn.dictionary,
    });
    factories.set(lang, factory);
  }
  return factory;
}

/** The person's own name and email address, split into the words a guesser would try first. */
export function personalWords(inputs: Array<string | null | undefined>) {
  const words = new Set<string>();
  for (const input of inputs) {
    if (!input) continue;
    const value = input.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    for (const part of value.split(/[\s@._+-]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

export type PasswordStrength = {
  isStrong: boolean;
  score: number;
  /** The reasons, already in the requested language. */
  warning: string | null;
  suggestions: string[];
};

export async function checkPasswordStrength(
  password: string,
  lang: Lang,
  userInputs: Array<string | null | undefined> = [],
): Promise<PasswordStrength> {
  const result = (await factoryFor(lang)).check(password, personalWords(userInputs));
  return {
    isStrong: result.score >= MIN_PASSWORD_SCORE,
    score: result.score,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}

/**
 * The action's answer to a weak password, or null when it is strong enough: the field's message and
 * the reasons in the reader's language.
 */
export async function refuseWeakPassword(
  password: string,
  lang: Lang,
  userInputs: Array<string | null | undefined>,
  field = "password",
) {
  const strength = await checkPasswordStrength(password, lang, userInputs);
  if (strength.isStrong) return null;
  return {
    fieldErrors: { [field]: "auth:form.passwordWeak" },
    passwordFeedback: { warning: strength.warning, suggestions: strength.suggestions },
  };
}
