import { createHash } from "node:crypto";
import type { Lang, Namespace } from "./config";
import "./instance";
import { resources } from "./resources";
import { packTranslations, type PackedTranslations, type Translations } from "./store";

/**
 * What an anonymous visitor's browser can render: the shell, the public pages and the sign-in
 * pages. Private namespaces (users, dashboard, import, …) stay on the server until someone signs in.
 */
export const anonymousNamespaces = [
  "general",
  "navigation",
  "public",
  "catalog",
  "contact",
  "auth",
] as const satisfies readonly Namespace[];

const anonymous = new WeakMap<object, PackedTranslations>();
const signedIn = new WeakMap<object, { path: string; text: string }>();

/**
 * An anonymous visitor's translations of the current language, sent inline by the root loader:
 * public pages hydrate without another request.
 */
export function anonymousTranslations(lang: Lang): PackedTranslations {
  const all = resources[lang] as Translations;
  let text = anonymous.get(all);
  if (!text) {
    text = packTranslations(Object.fromEntries(anonymousNamespaces.map((ns) => [ns, all[ns]])));
    anonymous.set(all, text);
  }
  return text;
}

/**
 * Every translation of a language, for signed-in people, as a file whose path names its content
 * (routes/translations.ts): the browser keeps it until the texts change, instead of receiving
 * 80 KB of them again with every page.
 */
export function signedInTranslations(lang: Lang): { path: string; text: string } {
  const all = resources[lang] as Translations;
  let file = signedIn.get(all);
  if (!file) {
    const text = packTranslations(all);
    const hash = createHash("sha256").update(text).digest("base64url").slice(0, 16);
    file = { path: `/translations/${lang}.${hash}.json`, text };
    signedIn.set(all, file);
  }
  return file;
}
