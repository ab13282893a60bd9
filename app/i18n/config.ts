export const languages = ["en", "es"] as const;
export type Lang = (typeof languages)[number];
export const fallbackLang: Lang = "en";
export const langCookie = "lang";

export const namespaces = [
  "general",
  "navigation",
  "import",
  "chat-export",
  "auth",
  "account",
  "users",
  "dashboard",
  "public",
  "catalog",
  "contact",
  "prices",
  "activity",
  "products",
  "print",
  "assistant",
  "assistant-replies",
] as const;
export type Namespace = (typeof namespaces)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/**
 * docs/decisions/005-language-precedence.md: ?lang on the URL, then the cookie, then
 * Accept-Language, then English.
 */
export function resolveLang(url: URL, cookieLang: string | undefined, acceptLanguage: string | null): Lang {
  const fromQuery = url.searchParams.get("lang");
  if (isLang(fromQuery)) return fromQuery;
  if (isLang(cookieLang)) return cookieLang;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(",")
      .map((part) => {
        const [tag, ...params] = part.trim().split(";");
        const q = params.find((p) => p.trim().startsWith("q="));
        return { base: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.trim().slice(2)) || 0 : 1 };
      })
      .filter((e) => e.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const entry of ranked) if (isLang(entry.base)) return entry.base;
  }
  return fallbackLang;
}
