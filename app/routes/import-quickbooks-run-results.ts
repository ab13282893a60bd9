import { getLang, requirePermission } from "~/auth/guards.server";
import { exportImportRowsCsv } from "~/features/imports/run/export.server";
import { Refusal } from "~/lib/refusal";
import { finalStatusFilter, runSearchParam } from "~/features/imports/screen/api.server";
import type { Route } from "./+types/import-quickbooks-run-results";

/**
 * A run's per-row results as a CSV download in the reader's language, optionally one final
 * status (`?status=`) and the rows a search finds (`?q=`), with spreadsheet formulas neutralised
 * (export.server.ts).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(request, context, "import:run");
  const query = new URL(request.url).searchParams;
  const status = finalStatusFilter(query.get("status"));
  const search = runSearchParam(query.get("q"));
  try {
    const { fileName, csv } = await exportImportRowsCsv(params.runId, {
      lang: getLang(context),
      statuses: status ? [status] : undefined,
      search,
    });
    const name = status ? fileName.replace(/\.csv$/, `-${status}.csv`) : fileName;
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof Refusal && error.code === "run.errors.runNotFound") {
      return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    throw error;
  }
}
