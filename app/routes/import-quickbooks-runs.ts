import { z } from "zod";
import { getRequestInfo, getUser, requirePermission } from "~/auth/guards.server";
import { listImportRuns } from "~/features/imports/run/run.server";
import { handleBackgroundUpload, handleRunRequest } from "~/features/imports/screen/api.server";
import type { Route } from "./+types/import-quickbooks-runs";

/**
 * The import screen's run API (docs/decisions/016-import-screen-runs.md), JSON both ways so the
 * page's own code can retry a batch: POST JSON `{intent: "start" | "batch" | "fail-batch" |
 * "finish", …}` drives an interactive run; POST multipart `{intent: "background", list, file}`
 * hands the file to the server. GET lists the past runs, newest first (`?page=`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, context, "import:run");
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .catch(1)
    .parse(new URL(request.url).searchParams.get("page") ?? 1);
  return Response.json(await listImportRuns({ page, pageSize: 20 }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const isJson = type.startsWith("application/json");
  const isMultipart = type.startsWith("multipart/form-data");
  // The screen whose session has gone is told so where it is; other posts go to /login.
  if ((isJson || isMultipart) && !getUser(context)) {
    return Response.json({ ok: false, error: "run.errors.notAuthenticated" }, { status: 401 });
  }
  const user = requirePermission(request, context, "import:run");
  const { requestId } = getRequestInfo(context);
  let result: { status: number; answer: unknown };
  if (isMultipart) result = await handleBackgroundUpload(user, request, requestId);
  else if (isJson) result = await handleRunRequest(user, await request.json().catch(() => null), requestId);
  else result = { status: 400, answer: { ok: false, error: "run.errors.badRequest" } };
  return Response.json(result.answer, { status: result.status });
}
