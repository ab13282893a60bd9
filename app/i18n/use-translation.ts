import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext, type FallbackNs } from "react-i18next";
import type { Namespace } from "./config";

type Wanted = Namespace | readonly Namespace[] | undefined;

const translators = new WeakMap<I18n, Map<string, { t: TFunction; texts: Map<string, string> }>>();

/**
 * react-i18next's `useTranslation` for this app's instances, which never change language (one per
 * language, i18n/store.ts; switching language renders under another instance): the translator of
 * an instance and namespaces is made once and shared by every component. React-i18next copies the
 * instance for each component it renders, and i18next's bound translator copies all of its
 * options on every call; on the server, where every render is a first one, the two cost about
 * 2 ms of each signed-in page.
 */
export function useTranslation<const N extends Wanted = undefined>(
  ns?: N,
): { t: TFunction<FallbackNs<N>>; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return { t: translatorFor(i18n, ns) as TFunction<FallbackNs<N>>, i18n };
}

function translatorFor(i18n: I18n, ns: Wanted): TFunction {
  const key = ns === undefined ? "" : typeof ns === "string" ? ns : ns.join(",");
  let byNs = translators.get(i18n);
  if (!byNs) {
    translators.set(i18n, (byNs = new Map()));
    // Remembered texts are only good for the translations they came from
    // (docs/decisions/018-translations-delivery.md: the browser adds a page's namespaces as they
    // arrive).
    const known = byNs;
    i18n.store.on("added", () => known.forEach((translator) => translator.texts.clear()));
  }
  let translator = byNs.get(key);
  if (!translator) {
    // i18next's typed signatures are for callers; this only forwards what they pass.
    const translate = i18n.t.bind(i18n) as unknown as (key: string | string[], options: object) => string;
    const fixed = { lng: i18n.language, ns: ns ?? i18n.options.defaultNS };
    // A key alone always gives the same text, and every page asks for the same few dozen (the
    // navigation, the footer, the headings): each is looked up once.
    const texts = new Map<string, string>();
    // Options given with a call win over the fixed ones, as with i18next's own bound translator.
    const bound = (k: string | string[], options?: object | string) => {
      if (options === undefined && typeof k === "string") {
        let text = texts.get(k);
        if (text === undefined) texts.set(k, (text = translate(k, fixed)));
        return text;
      }
      return translate(k, typeof options === "string" ? { ...fixed, defaultValue: options } : { ...fixed, ...options });
    };
    translator = { t: bound as unknown as TFunction, texts };
    byNs.set(key, translator);
  }
  return translator.t;
}
