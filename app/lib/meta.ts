import type { MetaDescriptor } from "react-router";
import { translatorFor } from "~/i18n/store";
import type { RootData } from "./root-data";
import { ogImageKey, ogImageSize } from "./site-images";

export { translatorFor };

/** The root loader's data from a meta function's matches. */
export function rootDataFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
}

/**
 * The site's defaults with a page title in front when given:
 * "COMPANY — Premium Wholesale Fresh Products" on its own.
 */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  page?: { title?: string; description?: string; noindex?: boolean },
): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const lang = root?.lang ?? "en";
  const t = translatorFor(lang);
  const company = (root?.site.name ?? "").toUpperCase();
  const base = `${company} - ${t("meta.titleSuffix")}`;
  const title = page?.title ? `${page.title} | ${company}` : base;
  const description = page?.description ?? t("meta.description");
  const image = root ? `${root.site.baseUrl}/uploads/${ogImageKey(root.site.name)}` : undefined;
  const imageAlt = `${root?.site.name ?? ""} - ${t("meta.titleSuffix")}`;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: t("meta.keywords") },
    { name: "robots", content: page?.noindex ? "noindex, nofollow" : "index, follow" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: lang === "es" ? "es_US" : "en_US" },
    { property: "og:locale:alternate", content: lang === "es" ? "en_US" : "es_US" },
    { property: "og:site_name", content: root?.site.name ?? "" },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:type", content: "image/jpeg" },
          { property: "og:image:width", content: String(ogImageSize.width) },
          { property: "og:image:height", content: String(ogImageSize.height) },
          { property: "og:image:alt", content: imageAlt },
          { name: "twitter:image", content: image },
          { name: "twitter:image:alt", content: imageAlt },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}
