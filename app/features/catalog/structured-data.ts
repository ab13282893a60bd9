import type { ProductDetail } from "./types";

/**
 * schema.org Product data for a product page; the offer is given only when the product has a
 * public price. Escaped for "<" so no value can close the script element it is placed in.
 */
export function productJsonLd(
  product: ProductDetail,
  {
    url,
    imageUrl,
    categoryName,
    sellerName,
  }: { url: string; imageUrl: string | null; categoryName: string; sellerName: string },
) {
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    url,
    category: categoryName,
    brand: { "@type": "Brand", name: sellerName },
  };
  if (imageUrl) data.image = [imageUrl];
  if (product.description) data.description = product.description;
  if (product.sku) data.sku = product.sku;
  if (product.priceCents !== null) {
    data.offers = {
      "@type": "Offer",
      url,
      priceCurrency: "USD",
      price: (product.priceCents / 100).toFixed(2),
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: sellerName },
    };
  }
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
