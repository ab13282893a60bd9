import { useMemo, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, data, redirect, useSearchParams } from "react-router";
import { getLang, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { FormAlert } from "~/components/ui/field";
import { orderedGroups } from "~/features/catalog/categories";
import { PriceFilters } from "~/features/catalog/components/price-filters";
import { filterPriceRows, groupsIn, parsePriceFilters, type PriceFilterValues } from "~/features/catalog/price-filters";
import { packPriceRows, PriceTable, unpackPriceRows } from "~/features/catalog/components/price-table";
import { SelectionBar } from "~/features/print/components/selection-bar";
import { usePrintSelection } from "~/features/print/components/use-print-selection";
import { findSelectedSlugs } from "~/features/print/sheets.server";
import { LiveStatus } from "~/features/price-lists/components/live-status";
import { useLiveList } from "~/features/price-lists/components/use-live-list";
import { findPriceItems } from "~/features/price-lists/items.server";
import { listPriceListNames, resolveReadableList } from "~/features/price-lists/lists.server";
import { listDescription, listName } from "~/features/price-lists/names";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/prices-private";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("viewPrices", { ns: "navigation" }), noindex: true });
}

/**
 * Staff choose any list; a customer sees the list assigned to them, else the default customer
 * list, read-only (docs/decisions/003-permissions.md).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "prices:view-private");
  const staff = can(user, "prices:view-all-lists");
  const chosen = new URL(request.url).searchParams.get("list");
  if (staff && chosen) throw redirect(`/pricesprivate/${encodeURIComponent(chosen)}`);
  const readable = await resolveReadableList(user, params.slug ?? null, getLang(context));
  if (readable.kind === "notFound") throw data(null, { status: 404, statusText: "Not Found" });
  const list = readable.kind === "list" ? readable.list : null;
  const lang = getLang(context);
  const lists = staff ? (await listPriceListNames(lang)).map((l) => ({ slug: l.slug, name: listName(l, lang) })) : [];
  if (!list) return { staff, lists, list: null, items: packPriceRows([]), selected: [] };
  const [items, selected] = await Promise.all([findPriceItems(list.id, lang), findSelectedSlugs(user.id, list.id)]);
  return {
    staff,
    lists,
    selected,
    list: {
      slug: list.slug,
      name: listName(list, lang),
      description: listDescription(list, lang),
      updatedAt: list.updatedAt,
    },
    // Only what the table shows, packed: the page's data is sent again to hydrate it, and a list
    // can hold thousands of items.
    items: packPriceRows(staff ? items : items.filter((i) => i.visible)),
  };
}

function ListView({
  list,
  packed,
  selected,
  initialFilters,
}: {
  list: NonNullable<Route.ComponentProps["loaderData"]["list"]>;
  packed: string;
  selected: string[];
  initialFilters: PriceFilterValues;
}) {
  const { t, i18n } = useTranslation("prices");
  const { t: tc } = useTranslation("catalog");
  const items = useMemo(() => unpackPriceRows(packed), [packed]);
  const live = useLiveList(list.slug);
  const selection = usePrintSelection(list.slug, selected);
  const [filters, setFilters] = useState(initialFilters);
  const shown = useMemo(
    () => filterPriceRows(items, filters, { searchKey: (i) => i.searchKey, pricedDay: (i) => i.pricedDay }),
    [items, filters],
  );
  const groups = useMemo(
    () =>
      groupsIn(
        items,
        orderedGroups((g) => tc(`categories.${g}`), i18n.language),
      ),
    [items, tc, i18n.language],
  );
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h2 className="text-2xl font-semibold">{list.name}</h2>
          {list.description ? <p className="text-sm text-slate-700 dark:text-slate-300">{list.description}</p> : null}
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t("private.updated")}: <DateTime value={list.updatedAt} />
          </p>
          <LiveStatus state={live.state} changes={live.changes} />
        </div>
      </div>
      <PriceFilters
        values={filters}
        onChange={setFilters}
        groups={groups}
        searchLabel={t("editor.find")}
        searchPlaceholder={tc("prices.searchPlaceholder")}
      />
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t("private.count", { count: shown.length })}
      </p>
      {items.length > 0 ? (
        <SelectionBar list={list.slug} selection={selection} shown={shown.map((i) => i.slug)} />
      ) : null}
      {items.length === 0 ? (
        <FormAlert tone="info">{t("private.empty")}</FormAlert>
      ) : shown.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t("private.noMatch")}</p>
      ) : (
        <PriceTable items={shown} selection={selection} />
      )}
    </>
  );
}

export default function PricesPrivate({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("prices");
  const { staff, lists, list, items, selected } = loaderData;
  // The table filters in the page; the address only starts it, so a search sent from elsewhere
  // (the dashboard's, a shared link) opens the list already filtered.
  const [params] = useSearchParams();
  return (
    <div className="site-container space-y-6 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("private.title")}</h1>
        <p className="max-w-2xl text-slate-700 dark:text-slate-300">
          {staff ? t("private.intro") : t("private.customerIntro")}
        </p>
      </header>
      {staff && lists.length > 0 ? (
        <Form noValidate method="get" action="/pricesprivate" className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("private.chooseList")}
            <select
              name="list"
              defaultValue={list?.slug}
              key={list?.slug}
              className="min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-slate-900"
            >
              {lists.map((l) => (
                <option key={l.slug} value={l.slug}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary">
            {t("private.show")}
          </Button>
        </Form>
      ) : null}
      {list ? (
        <ListView
          key={`${list.slug}?${params}`}
          list={list}
          packed={items}
          selected={selected}
          initialFilters={parsePriceFilters(params)}
        />
      ) : (
        <FormAlert tone="info">{staff ? t("errors.noLists") : t("private.noList")}</FormAlert>
      )}
    </div>
  );
}
