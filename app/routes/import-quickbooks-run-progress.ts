import { requirePermission } from "~/auth/guards.server";
import { findRunProgress } from "~/features/imports/screen/api.server";
import type { Route } from "./+types/import-quickbooks-run-progress";

/** A run's state and batches as JSON, polled by its page while the run is going. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(request, context, "import:run");
  const { status, answer } = await findRunProgress(params.runId);
  return Response.json(answer, { status, headers: { "cache-control": "private, no-store" } });
}
