import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { getLang, getRequestInfo, getUser, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { ImportScreen } from "~/features/imports/screen/components/import-screen";
import { findExistingProducts, findNameCandidates } from "~/features/imports/run/existing.server";
import { modelConfigured } from "~/features/imports/run/model.server";
import { planRequestSchema, type ImportActionResult } from "~/features/imports/screen/schema";
import { findPastRuns } from "~/features/imports/screen/api.server";
import { answerListAction } from "~/features/price-lists/actions.server";
import { findPriceListBySlug, listPriceLists } from "~/features/price-lists/lists.server";
import { listName } from "~/features/price-lists/names";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/import-quickbooks";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("importQuickbooks", { ns: "navigation" }), noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "import:run");
  const search = new URL(request.url).searchParams;
  const wanted = search.get("list");
  const runsPage = Math.max(1, Math.min(100_000, Math.floor(Number(search.get("runs")) || 1)));
  const lang = getLang(context);
  const [lists, pastRuns] = await Promise.all([listPriceLists({ lang }), findPastRuns(runsPage, lang)]);
  return {
    // The import refers to a list by its slug.
    lists: lists.map((l) => ({ slug: l.slug, name: listName(l, lang), itemCount: l.itemCount })),
    selected: lists.some((l) => l.slug === wanted) ? wanted : null,
    pastRuns,
    canCreateList: can(user, "prices:manage"),
    modelConfigured: modelConfigured(),
  };
}

function answer(result: ImportActionResult, status = 200) {
  return data(result, { status });
}

/**
 * The screen's requests, sent as JSON by its fetcher. "plan": the products an import of these
 * QuickBooks IDs and SKUs would match, and (asked once) those it may match by name, with their
 * prices in the list, for the dry run. Reads only. A form posting "create" is the "New price list"
 * dialog: the price lists' own creation.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const isJson = (request.headers.get("content-type") ?? "").startsWith("application/json");
  // A screen whose session has gone is told so where it is, keeping its file and list;
  // anything else posted without a session goes to /login like every private route.
  if (isJson && !getUser(context)) return answer({ ok: false, error: "screen.errors.notAuthenticated" }, 401);
  requirePermission(request, context, "import:run");
  if (!isJson) {
    const form = await request.formData().catch(() => null);
    if (form?.get("intent") === "create") {
      const actor = requirePermission(request, context, "prices:manage");
      const input = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
      const { status, result } = await answerListAction("create", actor, input, getRequestInfo(context).requestId);
      return data(result, { status });
    }
  }
  const body: unknown = isJson ? await request.json().catch(() => null) : null;
  const parsed = planRequestSchema.safeParse(body);
  if (!parsed.success) {
    const request =
      body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const missingList = request.intent === "plan" && (typeof request.list !== "string" || request.list.trim() === "");
    return answer({ ok: false, error: missingList ? "screen.errors.listRequired" : "screen.errors.badRequest" }, 400);
  }
  const list = await findPriceListBySlug(parsed.data.list);
  if (!list) return answer({ ok: false, error: "screen.errors.listNotFound" }, 404);
  const products = [
    ...(await findExistingProducts(list.id, parsed.data)),
    ...(parsed.data.candidates ? await findNameCandidates(list.id) : []),
  ];
  return answer({ ok: true, intent: "plan", products });
}

/** The dry run reads; nothing on this page changes when it answers. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate, json }: ShouldRevalidateFunctionArgs) {
  if (formMethod === "POST" && (json as { intent?: unknown } | undefined)?.intent === "plan") return false;
  return defaultShouldRevalidate;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <ImportScreen
      lists={loaderData.lists}
      selected={loaderData.selected}
      pastRuns={loaderData.pastRuns}
      canCreateList={loaderData.canCreateList}
      modelConfigured={loaderData.modelConfigured}
    />
  );
}
