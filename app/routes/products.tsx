import { useTranslation } from "react-i18next";
import { getLang } from "~/auth/guards.server";
import { FormAlert } from "~/components/ui/field";
import {
  categoryParam,
  groupConsecutive,
  groupOf,
  orderedGroups,
  type CategoryGroup,
} from "~/features/catalog/categories";
import { CatalogFilters } from "~/features/catalog/components/catalog-filters";
import { Pagination } from "~/features/catalog/components/pagination";
import { ProductCard } from "~/features/catalog/components/product-card";
import { findPublicProducts } from "~/features/catalog/products.server";
import { catalogSearch, parseCatalogQuery } from "~/features/catalog/query";
import type { CatalogProduct } from "~/features/catalog/types";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/products";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, {
    title: t("products.title", { ns: "catalog" }),
    description: t("products.metaDescription", { ns: "catalog" }),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  // Signed-in users get the same public catalogue until their own products page exists; that
  // page will branch here on getUser(context).
  const result = await findPublicProducts(query, getLang(context));
  const selected: CategoryGroup | null =
    query.category.kind === "all"
      ? null
      : query.category.kind === "category"
        ? query.category.category
        : "uncategorized";
  return { ...result, selected, sort: query.sort, search: query.search };
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

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("catalog");
  const { products, total, page, pageCount, hasPublicPrices, selected, sort, search } = loaderData;
  const groups = orderedGroups((g) => t(`categories.${g}`), i18n.language);
  const grouped = sort === "category";
  const sections = grouped ? groupConsecutive(products, (p) => groupOf(p.category)) : [];
  // A chosen group is shown even when empty, so an unknown category reads as the empty Uncategorized group.
  if (grouped && selected && sections.length === 0) sections.push({ group: selected, items: [] });
  const hrefFor = (p: number) =>
    `/products${catalogSearch({ category: selected ? categoryParam(selected) : null, sort, search, page: p })}`;
  const summary = search ? t("products.resultsFor", { count: total, search }) : t("products.results", { count: total });

  return (
    <div className="mx-auto max-w-navbar space-y-6 px-4 py-8">
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

      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </div>
  );
}
