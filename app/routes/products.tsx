import { lazy, Suspense } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { getLang, getUser, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { Spinner } from "~/components/ui/spinner";
import { FormAlert } from "~/components/ui/field";
import { categoryParam, groupInOrder, groupOf, type CategoryGroup } from "~/features/catalog/categories";
import { readerGroups } from "~/features/catalog/category-order.server";
import { CatalogFilters } from "~/features/catalog/components/catalog-filters";
import { Pagination } from "~/components/ui/pagination";
import { ProductCard } from "~/features/catalog/components/product-card";
import type { PrivateProductsProps } from "~/features/catalog/components/private-products";
import { findCustomerProducts, findStaffProducts } from "~/features/catalog/private-products.server";
import { parsePrivateCatalogQuery, selectedGroup } from "~/features/catalog/private-query";
import { findPublicProducts } from "~/features/catalog/products.server";
import { catalogSearch, parseCatalogQuery } from "~/features/catalog/query";
import type { CatalogProduct } from "~/features/catalog/types";
import { findCustomerList, listPriceListNames } from "~/features/price-lists/lists.server";
import { listName } from "~/features/price-lists/names";
import { SelectionBar } from "~/features/print/components/selection-bar";
import { usePrintSelection } from "~/features/print/components/use-print-selection";
import { findPrintableSlugs, findSelectedSlugs } from "~/features/print/sheets.server";
import type { Lang } from "~/i18n/config";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/products";

// The signed-in page is a table with staff columns and filters: its code loads with it, never
// with the public page (docs/decisions/024-budgets-and-rules.md). The server renders it in full
// (its loader has loaded the module, so nothing suspends there), and the browser keeps that HTML
// while the chunk arrives.
let privateModule: typeof import("~/features/catalog/components/private-products") | undefined;
const loadPrivateProducts = () =>
  import("~/features/catalog/components/private-products").then((module) => (privateModule = module));
const LazyPrivateProducts = lazy(loadPrivateProducts);

function PrivateProductsView(props: PrivateProductsProps) {
  const { t } = useTranslation();
  const Loaded = import.meta.env.SSR ? privateModule?.default : undefined;
  return (
    <Suspense fallback={<Spinner label={t("loading")} className="mx-auto my-16" />}>
      {Loaded ? <Loaded {...props} /> : <LazyPrivateProducts {...props} />}
    </Suspense>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  if (loaderData && loaderData.view !== "public") {
    return pageMeta(matches, { title: t("viewProducts", { ns: "navigation" }), noindex: true });
  }
  return pageMeta(matches, {
    title: t("products.title", { ns: "catalog" }),
    description: t("products.metaDescription", { ns: "catalog" }),
  });
}

/** The person's print selection in the list whose prices show, and which of the page's products it can take. */
async function loadSelection(userId: string, list: { id: string; slug: string }, products: Array<{ slug: string }>) {
  const [selected, printable] = await Promise.all([
    findSelectedSlugs(userId, list.id),
    findPrintableSlugs(
      list.id,
      products.map((p) => p.slug),
    ),
  ]);
  return { list: list.slug, selected, printable };
}

/**
 * The specification's route table: visitors get the public catalogue, signed-in users the
 * private products page (staff see staff fields and inactive products; a customer their own
 * list's prices).
 */
async function loadPrivate(request: Request, context: Route.LoaderArgs["context"], lang: Lang) {
  const user = requirePermission(request, context, "products:view");
  const query = parsePrivateCatalogQuery(new URL(request.url).searchParams);
  const filters = {
    selected: selectedGroup(query.category),
    search: query.search,
    sort: query.sort,
    availability: query.availability,
  };
  if (can(user, "products:view-staff-fields")) {
    const lists = can(user, "prices:view-all-lists") ? await listPriceListNames(lang) : [];
    // An unknown or deleted list shows the base price, as if none had been chosen.
    const list = lists.find((l) => l.slug === query.list) ?? null;
    const [result] = await Promise.all([
      findStaffProducts(query, lang, { priceListId: list?.id ?? null }),
      loadPrivateProducts(),
    ]);
    return {
      view: "staff" as const,
      ...result,
      selection: list ? await loadSelection(user.id, list, result.products) : null,
      filters: { ...filters, status: query.status, list: list?.slug ?? null },
      lists: lists.map((l) => ({ slug: l.slug, name: listName(l, lang) })),
      priceListName: list ? listName(list, lang) : null,
      canManage: can(user, "products:manage"),
    };
  }
  // The list assigned to the customer, else the default customer list; no other list exists for them.
  const list = await findCustomerList(user.id);
  const [result] = await Promise.all([
    findCustomerProducts(query, lang, { priceListId: list?.id ?? null }),
    loadPrivateProducts(),
  ]);
  return {
    view: "customer" as const,
    ...result,
    selection: list ? await loadSelection(user.id, list, result.products) : null,
    filters: { ...filters, status: "all" as const, list: null },
    priceList: list ? { name: listName(list, lang) } : null,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  if (getUser(context)) return loadPrivate(request, context, lang);
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  const result = await findPublicProducts(query, lang);
  const selected: CategoryGroup | null = selectedGroup(query.category);
  return {
    view: "public" as const,
    ...result,
    groups: readerGroups(lang),
    selected,
    sort: query.sort,
    search: query.search,
  };
}

function ProductGrid({ products, showCategory }: { products: CatalogProduct[]; showCategory: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {products.map((product) => (
        <li key={product.slug}>
          <ProductCard product={product} showCategory={showCategory} />
        </li>
      ))}
    </ul>
  );
}

type PrivateData = Exclude<Route.ComponentProps["loaderData"], { view: "public" }>;

/** The private page with the print selection of the list whose prices it shows, when it shows one. */
function SelectablePrivateProducts({ selection: loaded, ...data }: PrivateData) {
  const selection = usePrintSelection(loaded?.list ?? "", loaded?.selected ?? []);
  if (!loaded) return <PrivateProductsView {...data} />;
  return (
    <PrivateProductsView
      {...data}
      selection={selection}
      printable={loaded.printable}
      selectionBar={<SelectionBar list={loaded.list} selection={selection} shown={loaded.printable} />}
    />
  );
}

export default function Products({ loaderData }: Route.ComponentProps) {
  if (loaderData.view !== "public")
    return <SelectablePrivateProducts key={loaderData.selection?.list} {...loaderData} />;
  return <PublicProducts {...loaderData} />;
}

type PublicData = Extract<Route.ComponentProps["loaderData"], { view: "public" }>;

function PublicProducts({
  products,
  total,
  page,
  pageCount,
  hasPublicPrices,
  groups,
  selected,
  sort,
  search,
}: PublicData) {
  const { t } = useTranslation("catalog");
  const grouped = sort === "category";
  const sections = grouped ? groupInOrder(products, (p) => groupOf(p.category)) : [];
  // A chosen group is shown even when empty, so an unknown category reads as the empty Uncategorized group.
  if (grouped && selected && sections.length === 0) sections.push({ group: selected, items: [] });
  const hrefFor = (p: number) =>
    `/products${catalogSearch({ category: selected ? categoryParam(selected) : null, sort, search, page: p })}`;
  const summary = search ? t("products.resultsFor", { count: total, search }) : t("products.results", { count: total });

  return (
    <div className="site-container space-y-6 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("products.title")}</h1>
        <p className="max-w-2xl text-slate-700 dark:text-slate-300">{t("products.intro")}</p>
      </header>

      <CatalogFilters groups={groups} selected={selected} sort={sort} search={search} />

      <p role="status" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {summary}
      </p>

      {hasPublicPrices ? null : <FormAlert tone="info">{t("products.noPublicPrices")}</FormAlert>}

      {grouped ? (
        sections.map((section) => (
          <section key={section.group} aria-labelledby={`group-${section.group}`} className="space-y-3">
            <h2 id={`group-${section.group}`} className="text-xl font-semibold">
              {t(`categories.${section.group}`)}
            </h2>
            {section.items.length > 0 ? (
              <ProductGrid products={section.items} showCategory={false} />
            ) : (
              <p className="text-slate-700 dark:text-slate-300">{t("products.emptyGroup")}</p>
            )}
          </section>
        ))
      ) : (
        <section aria-labelledby="results-heading" className="space-y-3">
          <h2 id="results-heading" className="text-xl font-semibold">
            {selected ? t(`categories.${selected}`) : t("products.resultsHeading")}
          </h2>
          {products.length > 0 ? (
            <ProductGrid products={products} showCategory={!selected} />
          ) : (
            <p className="text-slate-700 dark:text-slate-300">
              {selected ? t("products.emptyGroup") : t("products.empty")}
            </p>
          )}
        </section>
      )}

      {grouped && sections.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t("products.empty")}</p>
      ) : null}

      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label={t("products.pagination")} />
    </div>
  );
}
