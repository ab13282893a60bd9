import { data } from "react-router";
import { getLang, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { SheetScreen } from "~/features/print/components/sheet-screen";
import { sheetFormatOf } from "~/features/print/options";
import { loadSheetPage } from "~/features/print/sheets.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/print-sheet";

const titleKeys = { short: "printShortList", long: "printLongList", selected: "printSelected" } as const;

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  const format = sheetFormatOf(location.pathname) ?? "short";
  return pageMeta(matches, { title: t(titleKeys[format], { ns: "navigation" }), noindex: true });
}

/** /prices-short, /prices-long and /prices-selected: one sheet each, from the list the person may print. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "print:view");
  const url = new URL(request.url);
  const format = sheetFormatOf(url.pathname) ?? "short";
  const page = await loadSheetPage(user, getLang(context), format, url);
  // Another customer's list, or one that does not exist, is answered as /pricesprivate answers it.
  if (page.kind === "notFound") throw data(null, { status: 404, statusText: "Not Found" });
  return {
    format,
    staff: can(user, "prices:view-all-lists"),
    kind: page.kind,
    options: page.options,
    rejected: page.rejected,
    lists: page.lists.map(({ slug, name }) => ({ slug, name })),
    // One text rather than thousands of values: React Router encodes loader data value by value.
    sheet: page.kind === "sheet" ? JSON.stringify(page.sheet) : null,
    dropped: page.kind === "sheet" ? page.dropped : 0,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SheetScreen {...loaderData} title={titleKeys[loaderData.format]} />;
}
