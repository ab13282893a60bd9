import type { Lang, Namespace } from "./config";
import "./instance";
import { resources } from "./resources";
import type { Translations } from "./store";

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

/** The current language's translations the browser needs, sent by the root loader. */
export function clientTranslations(lang: Lang, signedIn: boolean): Translations {
  const all = resources[lang] as Translations;
  if (signedIn) return all;
  return Object.fromEntries(anonymousNamespaces.map((ns) => [ns, all[ns]]));
}
