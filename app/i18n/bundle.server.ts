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

// Packed once per set of translations: the same text goes out with every page.
const packed = new WeakMap<object, { anonymous: PackedTranslations; signedIn: PackedTranslations }>();

/** The current language's translations the browser needs, sent by the root loader. */
export function clientTranslations(lang: Lang, signedIn: boolean): PackedTranslations {
  const all = resources[lang] as Translations;
  let texts = packed.get(all);
  if (!texts) {
    texts = {
      anonymous: packTranslations(Object.fromEntries(anonymousNamespaces.map((ns) => [ns, all[ns]]))),
      signedIn: packTranslations(all),
    };
    packed.set(all, texts);
  }
  return signedIn ? texts.signedIn : texts.anonymous;
}
