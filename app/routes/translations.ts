import { data } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { signedInTranslations } from "~/i18n/bundle.server";
import { isLang } from "~/i18n/config";
import type { Route } from "./+types/translations";

/**
 * A language's translations for signed-in pages (i18n/bundle.server.ts). The file name carries a
 * hash of the content, so the current one is cached for good; an older name (a page loaded before
 * the texts changed) still gets the current texts, but not for keeps.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(request, context, "translations:load");
  const lang = /^([a-z]{2})\.[\w-]+\.json$/.exec(params.file)?.[1];
  if (!isLang(lang)) throw data(null, { status: 404, statusText: "Not Found" });
  const file = signedInTranslations(lang);
  const current = file.path === `/translations/${params.file}`;
  return new Response(file.text, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "private, max-age=31536000, immutable" : "private, no-cache",
    },
  });
}
