import { redirect } from "react-router";
import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { sheetFormatOf, sheetRoutes } from "~/features/print/options";
import { loadSheetPdf } from "~/features/print/pdf-file.server";
import { loadSheetPage } from "~/features/print/sheets.server";
import { translatorFor } from "~/lib/meta";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/print-sheet-pdf";

/** /prices-short.pdf, /prices-long.pdf and /prices-selected.pdf: the sheet of the same URL, drawn on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "print:view");
  const lang = getLang(context);
  const t = translatorFor(lang);
  const url = new URL(request.url);
  const format = sheetFormatOf(url.pathname) ?? "short";
  const text = (body: string, status: number) =>
    new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const page = await loadSheetPage(user, lang, format, url, { remember: false });
  if (page.kind === "notFound") return text(t("errors.notFound", { ns: "prices" }), 404);
  if (page.kind === "none") {
    const staff = can(user, "prices:view-all-lists");
    return text(staff ? t("errors.noLists", { ns: "prices" }) : t("private.noList", { ns: "prices" }), 404);
  }
  // An empty sheet has nothing to download: its page says why and how to fill it.
  if (page.sheet.count === 0) throw redirect(`${sheetRoutes[format]}${url.search}`);
  try {
    const pdf = await loadSheetPdf(page.sheet);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${page.sheet.fileName}"`,
        "Content-Length": String(pdf.byteLength),
      },
    });
  } catch (error) {
    const { requestId } = getRequestInfo(context);
    logger.error({ err: error, requestId, format }, "drawing a sheet's PDF failed");
    return text(t("errors.pdfFailed", { ns: "print" }), 500);
  }
}
