import { useTranslation } from "~/i18n/use-translation";
import { useState } from "react";
import { data } from "react-router";
import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { BackLink } from "~/components/ui/back-link";
import { formatAdjustment } from "~/features/price-lists/components/adjustment";
import { AddProductsPanel } from "~/features/price-lists/components/add-products-panel";
import { CustomersPanel } from "~/features/price-lists/components/customers-panel";
import { DetailsPanel } from "~/features/price-lists/components/details-panel";
import { NoSpanishName } from "~/features/price-lists/components/no-spanish-name";
import { listDescription, listName, parentListName } from "~/features/price-lists/names";
import { PriceEditor } from "~/features/price-lists/components/price-editor";
import { ReapplyPanel } from "~/features/price-lists/components/reapply-panel";
import { VersionsPanel } from "~/features/price-lists/components/versions-panel";
import { runEditorAction } from "~/features/price-lists/edit-prices.server";
import { findEditorItems, findEditorPage } from "~/features/price-lists/editor-items.server";
import { parseListQuery, WHOLE_LIST_MAX } from "~/features/price-lists/list-query";
import { findMissingProducts, previewReapply } from "~/features/price-lists/items.server";
import { findPriceListBySlug, listCustomerAssignments } from "~/features/price-lists/lists.server";
import { compareVersions, listVersions } from "~/features/price-lists/versions.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import { serverDataOrShown, useShownData } from "~/lib/kept-data";
import type { Route } from "./+types/prices-manage-list";
import { readForm } from "~/lib/read-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("administerPrices", { ns: "navigation" }), noindex: true });
}

async function requireList(slug: string) {
  const list = await findPriceListBySlug(slug);
  if (!list) throw data(null, { status: 404, statusText: "Not Found" });
  return list;
}

/** Differences shown at most when comparing two versions. */
const COMPARE_ROWS = 500;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "prices:manage");
  const list = await requireList(params.slug);
  const lang = getLang(context);
  const search = new URL(request.url).searchParams;
  if (search.has("missing")) {
    const q = (search.get("missing") ?? "").trim().slice(0, 100);
    return { kind: "missing" as const, products: q ? await findMissingProducts(list.id, q, lang) : [] };
  }
  if (search.get("reapply") === "preview") {
    return { kind: "reapply" as const, ...(await previewReapply(list.id, lang)) };
  }
  if (search.has("compare")) {
    const version = Number(search.get("compare"));
    if (!Number.isSafeInteger(version) || version < 1) throw data(null, { status: 404, statusText: "Not Found" });
    const result = await compareVersions(list.id, version, "current");
    return {
      kind: "compare" as const,
      version,
      differences: result.differences,
      rows: result.rows.slice(0, Math.min(result.differences, COMPARE_ROWS)).map((r) => ({
        productId: r.productId,
        name: lang === "es" ? r.nameEs : r.name,
        left: r.left,
        right: r.right,
      })),
    };
  }
  // A long list is read a page at a time, searched and filtered by the database; a shorter one
  // whole, for the page to filter as it is typed (docs/decisions/030-price-desk.md).
  const long = list.itemCount > WHOLE_LIST_MAX;
  const page = long ? await findEditorPage(list.id, lang, parseListQuery(search)) : null;
  return {
    kind: "page" as const,
    list,
    items: page ? page.rows : await findEditorItems(list.id, lang),
    paging: page?.paging ?? null,
    versions: await listVersions(list.id),
    customers: can(user, "price-lists:assign") ? await listCustomerAssignments(lang) : null,
  };
}

// A failed read after a save keeps the edits on screen (app/lib/kept-data.ts).
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return serverDataOrShown(request, serverLoader);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = requirePermission(request, context, "prices:manage");
  const list = await requireList(params.slug);
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === "assign") requirePermission(request, context, "price-lists:assign");
  const { status, result } = await runEditorAction(actor, list.id, form, getRequestInfo(context).requestId);
  return data(result, { status });
}

export default function PriceListEditor({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("prices");
  useShownData(loaderData);
  // The revision the editor's last save made, until the page's data reads again and holds it.
  const [saved, setSaved] = useState<{ listId: string; revision: number } | null>(null);
  if (loaderData.kind !== "page") return null;
  const { list, items, paging, versions, customers } = loaderData;
  const revision = saved?.listId === list.id ? Math.max(list.revision, saved.revision) : list.revision;
  const adjustment = formatAdjustment(list.adjustmentType, list.adjustmentValue, i18n.language);
  const parentName = parentListName(list, i18n.language);
  const description = listDescription(list, i18n.language);
  return (
    <div className="site-container space-y-6 py-8">
      <BackLink to="/prices-manage" label={t("editor.breadcrumb")}>
        {t("manage.title")}
      </BackLink>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{listName(list, i18n.language)}</h1>
        <NoSpanishName list={list} />
        {description ? <p className="text-slate-700 dark:text-slate-300">{description}</p> : null}
        {parentName ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t("manage.basedOn")}: {[parentName, adjustment].filter(Boolean).join(" ")}
          </p>
        ) : null}
      </header>
      <PriceEditor
        key={list.id}
        items={items}
        paging={paging}
        revision={list.revision}
        listId={list.id}
        listSlug={list.slug}
        adjustment={adjustment}
        hasParent={list.parentName !== null}
        onSaved={(savedRevision) => setSaved({ listId: list.id, revision: savedRevision })}
      />
      <AddProductsPanel />
      {parentName ? <ReapplyPanel parentName={parentName} /> : null}
      <VersionsPanel versions={versions} revision={revision} />
      <DetailsPanel list={list} revision={revision} />
      {customers ? <CustomersPanel customers={customers} listId={list.id} /> : null}
    </div>
  );
}
