import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "~/context";
import type { Lang } from "~/i18n/config";
import type { PackedTranslations } from "~/i18n/store";
import type { SiteInfo } from "./site.server";
import type { Theme } from "./theme";

/**
 * What the root loader gives every page: who is signed in, the language, the theme, the site's
 * public facts and how the translations arrive. Here rather than in root.tsx, so the shell and the
 * pages read it without importing the document that renders them.
 */
export type RootData = {
  lang: Lang;
  user: SessionUser | null;
  translations: PackedTranslations | null;
  translationsUrl: string | null;
  theme: Theme;
  site: SiteInfo;
};

/** The root's data last shown in this browser (never kept on the server, shared by requests). */
const lastShown: { data?: RootData } = {};

/**
 * The root's data. When a page's loader fails during a navigation, the router drops the root's
 * data too while it shows the root's error page; the browser then keeps what it showed (the
 * person, the language, the theme, the translations), so the error page stays in the site's
 * shell and language.
 */
export function useRootData() {
  const data = useRouteLoaderData("root") as RootData | undefined;
  useEffect(() => {
    if (data) lastShown.data = data;
  }, [data]);
  return import.meta.env.SSR ? data : (data ?? lastShown.data);
}
