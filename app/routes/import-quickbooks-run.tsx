import { data } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { RunReport } from "~/features/imports/screen/components/run-report";
import { runNamedByModel } from "~/features/imports/run/model.server";
import { findImportRows } from "~/features/imports/run/rows.server";
import { getImportRun } from "~/features/imports/run/run.server";
import { RUN_RESULTS_PAGE_SIZE } from "~/features/imports/screen/run-view";
import { finalStatusFilter, findFailedBatches, runSearchParam } from "~/features/imports/screen/api.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/import-quickbooks-run";

export function meta({ matches, data }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  const title = t("screen.runPage.title", { ns: "import" });
  return pageMeta(matches, { title: data ? `${title}: ${data.run.fileName}` : title, noindex: true });
}

/** One import run: its facts and progress, and once it has ended its outcome, summary and rows (`?status=&q=&page=`). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(request, context, "import:run");
  const run = await getImportRun(params.runId);
  if (!run) throw data(null, { status: 404, statusText: "Not Found" });
  const search = new URL(request.url).searchParams;
  const filter = finalStatusFilter(search.get("status"));
  const q = runSearchParam(search.get("q"));
  const page = Math.max(1, Math.min(1_000_000, Math.floor(Number(search.get("page")) || 1)));
  const ended = run.status === "finished" || run.status === "failed";
  const [failedBatches, found] = await Promise.all([
    findFailedBatches(run.id),
    ended
      ? findImportRows(run.id, {
          statuses: filter ? [filter] : undefined,
          search: q,
          page,
          pageSize: RUN_RESULTS_PAGE_SIZE,
        })
      : null,
  ]);
  return {
    run,
    failedBatches,
    filter,
    search: q,
    modelConfigured: runNamedByModel(run),
    results: found
      ? {
          rows: found.rows,
          total: found.total,
          page: found.page,
          pageCount: found.pageCount,
          statusCounts: found.statusCounts,
        }
      : null,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <RunReport {...loaderData} />;
}
