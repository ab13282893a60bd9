import { useTranslation } from "~/i18n/use-translation";
import { data, useActionData } from "react-router";
import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { FormAlert, useFormFeedback } from "~/components/ui/field";
import { runListAction } from "~/features/price-lists/actions.server";
import { CreateListForm } from "~/features/price-lists/components/create-list-form";
import { PriceListsTable } from "~/features/price-lists/components/price-lists-table";
import { findPriceItems } from "~/features/price-lists/items.server";
import { findPriceListBySlug, listPriceLists } from "~/features/price-lists/lists.server";
import { listName } from "~/features/price-lists/names";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/prices-manage";
import { readForm } from "~/lib/read-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("administerPrices", { ns: "navigation" }), noindex: true });
}

/** How many of a source list's prices the creation form previews with the adjustment applied. */
const PREVIEW_ITEMS = 8;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "prices:manage");
  const previewSlug = new URL(request.url).searchParams.get("preview");
  if (previewSlug) {
    const source = await findPriceListBySlug(previewSlug);
    if (!source) throw data(null, { status: 404, statusText: "Not Found" });
    const items = await findPriceItems(source.id, getLang(context));
    return {
      kind: "preview" as const,
      preview: items
        .filter((i) => i.priceCents !== null)
        .slice(0, PREVIEW_ITEMS)
        .map((i) => ({ name: i.name, priceCents: i.priceCents! })),
    };
  }
  const canRestore = can(user, "price-lists:restore-deleted");
  return {
    kind: "page" as const,
    lists: await listPriceLists({ lang: getLang(context) }),
    deleted: canRestore ? await listPriceLists({ deleted: true, lang: getLang(context) }) : [],
    canRestore,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requirePermission(request, context, "prices:manage");
  const form = await readForm(request);
  const input = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const { status, result } = await runListAction(actor, input, getRequestInfo(context).requestId);
  return data(result, { status });
}

export default function PricesManage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("prices");
  const result = useActionData<typeof action>();
  const feedback = useFormFeedback<HTMLDivElement>(result);
  if (loaderData.kind !== "page") return null;
  const { lists, deleted, canRestore } = loaderData;
  return (
    <div ref={feedback} className="site-container space-y-8 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("manage.title")}</h1>
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t("manage.intro")}</p>
      </header>
      {result ? (
        <div aria-live="polite">
          <FormAlert tone={result.ok ? "success" : "error"}>
            <p className="font-medium">{t(result.message)}</p>
            {!result.ok && result.errors.form ? <p className="mt-1">{t(result.errors.form)}</p> : null}
          </FormAlert>
        </div>
      ) : null}
      <PriceListsTable lists={lists} />
      <CreateListForm
        lists={lists.map((l) => ({ slug: l.slug, name: listName(l, i18n.language) }))}
        result={result?.intent === "create" ? result : undefined}
      />
      {canRestore && deleted.length > 0 ? <PriceListsTable lists={deleted} deleted /> : null}
    </div>
  );
}
