import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { getI18n, I18nContext, type FallbackNs } from "react-i18next";
import type { Namespace } from "./config";

type Wanted = Namespace | readonly Namespace[] | undefined;

const translators = new WeakMap<I18n, Map<string, TFunction>>();

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
  if (!byNs) translators.set(i18n, (byNs = new Map()));
  let t = byNs.get(key);
  if (!t) {
    // i18next's typed signatures are for callers; this only forwards what they pass.
    const translate = i18n.t.bind(i18n) as unknown as (key: string | string[], options: object) => string;
    const fixed = { lng: i18n.language, ns: ns ?? i18n.options.defaultNS };
    // Options given with a call win over the fixed ones, as with i18next's own bound translator.
    const bound = (k: string | string[], options?: object | string) =>
      translate(
        k,
        options === undefined
          ? fixed
          : typeof options === "string"
            ? { ...fixed, defaultValue: options }
            : { ...fixed, ...options },
      );
    t = bound as unknown as TFunction;
    byNs.set(key, t);
  }
  return t;
}
