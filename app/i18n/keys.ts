import type { i18n as I18n } from "i18next";
import type { Namespace } from "./config";
import type { en } from "./resources";

// Types only: English is the source every key is typed from, and no text of it reaches a module this way.
type Source = typeof en;

/** The dotted keys of the texts in a tree of translations: "errors.emailTaken". */
type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends object ? `${K}.${KeysOf<T[K]>}` : never;
}[keyof T & string];

/** A key of a namespace: `TranslationKey<"users">` is "errors.emailTaken" | "success.created" | … */
export type TranslationKey<NS extends Namespace> = KeysOf<Source[NS]>;

/** The part of a tree at a dotted path. */
type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

/** The words that have a text under a part of a namespace: `Word<"activity", "actions">` is "created" | … */
export type Word<NS extends Namespace, Part extends string> = Extract<keyof At<Source[NS], Part>, string>;

/**
 * Whether a word stored as data (an action, a kind of entity, a message's status) has a text under
 * `part` of a namespace, in the translations this instance holds; a word the screen does not know
 * yet is shown as it is.
 */
export function hasText<NS extends Namespace, Part extends string>(
  i18n: I18n,
  ns: NS,
  part: Part,
  word: string,
): word is Word<NS, Part> {
  const texts: unknown = i18n.getResource(i18n.language, ns, part);
  return typeof texts === "object" && texts !== null && Object.hasOwn(texts, word);
}
