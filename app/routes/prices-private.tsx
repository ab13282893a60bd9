import { useMemo, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, data, redirect, useSearchParams } from "react-router";
import { getLang, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { FormAlert } from "~/components/ui/field";
import { orderedGroups } from "~/features/catalog/categories";
import { Pagination } from "~/components/ui/pagination";
import { PriceFilters } from "~/features/catalog/components/price-filters";
import { filterPriceRows, groupsIn, parsePriceFilters, type PriceFilterValues } from "~/features/catalog/price-filters";
import { packPriceRows, PriceTable, unpackPriceRows } from "~/features/catalog/components/price-table";
import { SelectionBar } from "~/features/print/components/selection-bar";
import { usePrintSelection } from "~/features/print/components/use-print-selection";
import { findSelectedSlugs } from "~/features/print/sheets.server";
import { LiveStatus } from "~/features/price-lists/components/live-status";
import { useLiveList } from "~/features/price-lists/components/use-live-list";
import { findPriceItems, findPricePage } from "~/features/price-lists/items.server";
import { listQuerySearch, parseListQuery, WHOLE_LIST_MAX, type ListPaging } from "~/features/price-lists/list-query";
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
  if (!list) return { staff, lists, list: null, items: packPriceRows([]), paging: null, selected: [] };
  // A long list is read a page at a time, searched and filtered by the database; a shorter one
  // whole, for the page to filter as it is typed (docs/decisions/030-price-desk.md).
  const long = list.itemCount > WHOLE_LIST_MAX;
  const [found, selected] = await Promise.all([
    long
      ? findPricePage(list.id, lang, parseListQuery(new URL(request.url).searchParams), { staff })
      : findPriceItems(list.id, lang).then((rows) => ({
          rows: staff ? rows : rows.filter((i) => i.visible),
          paging: null,
        })),
    findSelectedSlugs(user.id, list.id),
  ]);
  return {
    staff,
    lists,
    selected,
    paging: found.paging,
    list: {
      slug: list.slug,
      name: listName(list, lang),
      description: listDescription(list, lang),
      updatedAt: list.updatedAt,
    },
    // Only what the table shows, packed: the page's data is sent again to hydrate it, and a list
    // can hold thousands of items.
    items: packPriceRows(found.rows),
  };
}

function ListView({
  list,
  packed,
  paging,
  selected,
  initialFilters,
}: {
  list: NonNullable<Route.ComponentProps["loaderData"]["list"]>;
  packed: string;
  /** A long list's page: searched and filtered by the server, from the address. */
  paging: ListPaging | null;
  selected: string[];
  initialFilters: PriceFilterValues;
}) {
  const { t, i18n } = useTranslation("prices");
  const { t: tc } = useTranslation("catalog");
  const items = useMemo(() => unpackPriceRows(packed), [packed]);
  const live = useLiveList(list.slug);
  const selection = usePrintSelection(list.slug, selected);
  const [typed, setTyped] = useState(initialFilters);
  const filters = paging ? paging.query : typed;
  const shown = useMemo(
    () =>
      paging ? items : filterPriceRows(items, typed, { searchKey: (i) => i.searchKey, pricedDay: (i) => i.pricedDay }),
    [items, typed, paging],
  );
  const groups = useMemo(
    () =>
      paging?.groups ??
      groupsIn(
        items,
        orderedGroups((g) => tc(`categories.${g}`), i18n.language),
      ),
    [items, paging, tc, i18n.language],
  );
  const empty = paging ? paging.total === 0 : items.length === 0;
  const filtered =
    filters.query !== "" || filters.category !== "all" || filters.availability !== "all" || filters.changedToday;
  const filterFields = (
    <PriceFilters
      values={filters}
      onChange={paging ? undefined : setTyped}
      groups={groups}
      searchLabel={t("editor.find")}
      searchPlaceholder={tc("prices.searchPlaceholder")}
    >
      {paging ? <Button type="submit">{tc("prices.search")}</Button> : null}
    </PriceFilters>
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
      {paging ? (
        // A long list is searched by the server: the filters are a GET form, and each view has its address.
        <Form noValidate method="get" role="search" aria-label={tc("prices.filtersLabel")}>
          {filterFields}
        </Form>
      ) : (
        filterFields
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm font-medium">
        <p className="text-slate-700 dark:text-slate-300">
          {paging
            ? t("private.matching", { count: paging.matching, total: paging.total })
            : t("private.count", { count: shown.length })}
        </p>
        {paging && filtered ? (
          <Link
            to={`/pricesprivate/${encodeURIComponent(list.slug)}`}
            className="text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-100"
          >
            {tc("filters.clear")}
          </Link>
        ) : null}
      </div>
      {!empty ? <SelectionBar list={list.slug} selection={selection} shown={shown.map((i) => i.slug)} /> : null}
      {empty ? (
        <FormAlert tone="info">{t("private.empty")}</FormAlert>
      ) : shown.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t("private.noMatch")}</p>
      ) : (
        <PriceTable items={shown} selection={selection} />
      )}
      {paging ? (
        <Pagination
          page={paging.page}
          pageCount={paging.pageCount}
          hrefFor={(page) => listQuerySearch({ ...paging.query, page })}
          label={tc("products.pagination")}
        />
      ) : null}
    </>
  );
}

export default function PricesPrivate({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("prices");
  const { staff, lists, list, items, paging, selected } = loaderData;
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
          // A list filtered in the page starts again from a new address; a long list's page follows it.
          key={paging ? list.slug : `${list.slug}?${params}`}
          list={list}
          packed={items}
          paging={paging}
          selected={selected}
          initialFilters={parsePriceFilters(params)}
        />
      ) : (
        <FormAlert tone="info">{staff ? t("errors.noLists") : t("private.noList")}</FormAlert>
      )}
    </div>
  );
}
