import type { Lang } from "./config";
import { provideTranslations, type Translations } from "./store";

const loading = new Map<string, Promise<void>>();

/**
 * Fetches a translations file (routes/translations.ts) once and makes its texts known to the
 * browser. A failed fetch is forgotten, so the next navigation tries again.
 */
export function loadTranslations(lang: Lang, url: string): Promise<void> {
  let pending = loading.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: "same-origin" })
      .then((res) => {
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        return res.json() as Promise<Translations>;
      })
      .then((translations) => provideTranslations(lang, translations));
    pending.catch(() => loading.delete(url));
    loading.set(url, pending);
  }
  return pending;
}
