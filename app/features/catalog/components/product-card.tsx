import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { formatMoney } from "~/lib/money";
import { unitAndPack, unitLabel } from "../format";
import type { CatalogProduct } from "../types";
import { Availability } from "./availability";
import { ProductImage } from "./product-image";

/** The price and its unit; `stacked` puts the unit on a line of its own. */
export function ProductPrice({
  product,
  stacked = false,
  className,
}: {
  product: CatalogProduct;
  stacked?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation("catalog");
  if (product.priceCents === null) {
    return <p className={className ?? "text-sm text-slate-700 dark:text-slate-300"}>{t("product.noPrice")}</p>;
  }
  const unit = unitLabel(t, product.unit);
  return (
    <p className={className ?? "text-sm"}>
      <span className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {formatMoney(product.priceCents, i18n.language)}
      </span>
      {unit ? (
        <span className={stacked ? "block text-slate-700 dark:text-slate-300" : "text-slate-700 dark:text-slate-300"}>
          {stacked ? null : " "}
          {t("product.perUnit", { unit })}
        </span>
      ) : null}
    </p>
  );
}

/**
 * One product in a grid. The name is the link; the rest of the card repeats what the product
 * page shows in more detail.
 */
export function ProductCard({ product, showCategory = false }: { product: CatalogProduct; showCategory?: boolean }) {
  const { t, i18n } = useTranslation("catalog");
  const pack = unitAndPack(t, i18n.language, product);
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <ProductImage
        imageKey={product.imageKey}
        imageUrl={product.imageUrl}
        size={240}
        sizes="(min-width: 1024px) 240px, (min-width: 640px) 30vw, 45vw"
      />
      <div className="flex flex-1 flex-col gap-1">
        {showCategory ? (
          <p className="text-xs font-medium uppercase tracking-wide text-brand-800 dark:text-brand-100">
            {t(`categories.${product.category ?? "uncategorized"}`)}
          </p>
        ) : null}
        <h3 className="text-base font-semibold leading-snug [overflow-wrap:anywhere]">
          {/* The link covers the card so the whole card is a target, while its name stays the link text. */}
          <Link
            to={`/products/${product.slug}`}
            className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </h3>
        {pack ? <p className="text-sm text-slate-700 dark:text-slate-300">{pack}</p> : null}
        {/* Every card ends with the same lines (price, unit, availability) at its foot, so the prices
            of a row line up whatever their length. */}
        <div className="mt-auto space-y-2 pt-2">
          <div className="min-h-11">
            <ProductPrice product={product} stacked />
          </div>
          <p>
            <Availability inStock={product.inStock} />
          </p>
        </div>
      </div>
    </article>
  );
}
