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

export function useRootData() {
  return useRouteLoaderData("root") as RootData | undefined;
}
