import { useTranslation } from "~/i18n/use-translation";
import { Link, data } from "react-router";
import { getLang, getUser } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { categoryParam } from "~/features/catalog/categories";
import { Availability } from "~/features/catalog/components/availability";
import { ProductCard, ProductPrice } from "~/features/catalog/components/product-card";
import { ProductImage } from "~/features/catalog/components/product-image";
import { packLabel, unitAndPack, unitLabel } from "~/features/catalog/format";
import { findPublicProduct } from "~/features/catalog/products.server";
import { findCustomerList } from "~/features/price-lists/lists.server";
import { productJsonLd } from "~/features/catalog/structured-data";
import { imageUrl } from "~/lib/images";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  // Staff list inactive and hidden products and open them from there; to everyone else they do not exist.
  const user = getUser(context);
  const inactiveToo = can(user, "products:view-staff-fields");
  // A signed-in customer sees an imported product by their own list's price, a visitor by the public list's.
  const readerListId = user && !inactiveToo ? ((await findCustomerList(user.id))?.id ?? null) : undefined;
  const product = await findPublicProduct(params.slug, getLang(context), { inactiveToo, readerListId });
  if (!product) throw data(null, { status: 404, statusText: "Not Found" });
  return { product };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const lang = rootDataFrom(matches)?.lang ?? "en";
  const product = loaderData?.product;
  if (!product) return pageMeta(matches, { noindex: true });
  const t = translatorFor(lang);
  const details = [
    t(`categories.${product.group}`, { ns: "catalog" }),
    unitAndPack(t, lang, product),
    product.priceCents === null ? null : formatMoney(product.priceCents, lang),
  ].filter(Boolean);
  return pageMeta(matches, {
    noindex: !product.active || product.hidden,
    title: product.name,
    description: t("product.metaDescription", { ns: "catalog", name: product.name, details: details.join(", ") }),
  });
}

const linkClass = "font-medium text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-100";

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const { t, i18n } = useTranslation("catalog");
  const nav = useTranslation("navigation").t;
  const site = useRootData()?.site;
  const lang = i18n.language;
  const otherLang = lang === "es" ? "en" : "es";
  const otherName = product.names[otherLang];
  const category = t(`categories.${product.group}`);
  const categoryHref = `/products?category=${categoryParam(product.group)}`;
  const unit = unitLabel(t, product.unit);
  const pack = packLabel(t, lang, product.packValue, product.packUnit);
  const baseUrl = site?.baseUrl ?? "";
  const jsonLd = productJsonLd(product, {
    url: `${baseUrl}/products/${product.slug}`,
    imageUrl: product.imageKey ? `${baseUrl}${imageUrl(product.imageKey, 640, "webp")}` : product.imageUrl,
    categoryName: category,
    sellerName: site?.name ?? "",
  });

  return (
    <div className="site-container space-y-10 py-8">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <nav aria-label={t("product.breadcrumb")}>
        <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <li>
            <Link to="/products" className={linkClass}>
              {nav("products")}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={categoryHref} className={linkClass}>
              {category}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

      <article className="grid gap-8 md:grid-cols-2">
        <ProductImage
          imageKey={product.imageKey}
          imageUrl={product.imageUrl}
          size={480}
          sizes="(min-width: 1024px) 480px, (min-width: 768px) 45vw, 90vw"
          priority
          className="border border-slate-200 dark:border-slate-800"
        />
        <div className="space-y-5">
          <header className="space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">{product.name}</h1>
            {otherName !== product.name ? (
              <p className="text-slate-700 dark:text-slate-300">
                <span className="sr-only">{t("product.otherName")}: </span>
                <span lang={otherLang}>{otherName}</span>
              </p>
            ) : null}
          </header>
          {product.active ? null : <FormAlert tone="warning">{t("product.inactive")}</FormAlert>}
          {product.hidden ? (
            <FormAlert tone="warning">
              {product.importReview ? t("product.importReview") : t("product.hidden")}
            </FormAlert>
          ) : null}
          <ProductPrice product={product} className="text-lg" />
          <Availability inStock={product.inStock} />
          {product.description ? <p className="text-slate-800 dark:text-slate-200">{product.description}</p> : null}
          <section aria-labelledby="details-heading">
            <h2 id="details-heading" className="sr-only">
              {t("product.details")}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="font-medium text-slate-700 dark:text-slate-300">{t("product.category")}</dt>
              <dd>
                <Link to={categoryHref} className={linkClass}>
                  {category}
                </Link>
              </dd>
              {unit ? (
                <>
                  <dt className="font-medium text-slate-700 dark:text-slate-300">{t("product.unit")}</dt>
                  <dd>{unit}</dd>
                </>
              ) : null}
              {pack ? (
                <>
                  <dt className="font-medium text-slate-700 dark:text-slate-300">{t("product.pack")}</dt>
                  <dd>{pack}</dd>
                </>
              ) : null}
              <dt className="font-medium text-slate-700 dark:text-slate-300">{t("product.availability")}</dt>
              <dd>{product.inStock ? t("product.inStock") : t("product.outOfStock")}</dd>
              <dt className="font-medium text-slate-700 dark:text-slate-300">{t("product.price")}</dt>
              <dd>
                {product.priceCents === null ? t("product.noPrice") : formatMoney(product.priceCents, lang)}
                {product.priceCents !== null && unit ? ` ${t("product.perUnit", { unit })}` : null}
              </dd>
              {product.sku ? (
                <>
                  <dt className="font-medium text-slate-700 dark:text-slate-300">{t("product.sku")}</dt>
                  <dd>{product.sku}</dd>
                </>
              ) : null}
            </dl>
          </section>
          <ButtonLink to="/contact?reason=check_availability" size="lg">
            {t("product.askQuote")}
          </ButtonLink>
        </div>
      </article>

      {product.related.length > 0 ? (
        <section aria-labelledby="related-heading" className="space-y-4">
          <h2 id="related-heading" className="text-xl font-semibold">
            {product.group === "uncategorized" ? t("product.relatedUncategorized") : t("product.related", { category })}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
            {product.related.map((item) => (
              <li key={item.slug}>
                <ProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
