import { getLang, redirectSignedIn } from "~/auth/guards.server";
import { Categories } from "~/features/landing/components/categories";
import { Features } from "~/features/landing/components/features";
import { FinalCta } from "~/features/landing/components/final-cta";
import { FleetSection } from "~/features/landing/components/fleet-section";
import { Hero } from "~/features/landing/components/hero";
import { Mission } from "~/features/landing/components/mission";
import { PopularProducts } from "~/features/landing/components/popular-products";
import { Pricing } from "~/features/landing/components/pricing";
import { sortCategoriesByName } from "~/features/landing/categories";
import { landingCategories } from "~/features/landing/content";
import { findVisiblePopularSlugs } from "~/features/landing/popular.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, {
    title: t("meta.homeTitle", { ns: "public" }),
    description: t("meta.homeDescription", { ns: "public" }),
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const lang = getLang(context);
  const t = translatorFor(lang);
  // Sorted here: in the browser the first comparison loads the language's collation tables, a
  // long task on a slow phone while the page becomes interactive.
  const categories = sortCategoriesByName(
    landingCategories,
    (c) => t(`categories.names.${c.id}`, { ns: "public" }),
    lang,
  );
  return { popular: await findVisiblePopularSlugs(), categories: categories.map((c) => c.id) };
}

/** The landing page: every section of the specification, in its order. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <Mission />
      <Features />
      <Categories order={loaderData.categories} />
      <PopularProducts visible={loaderData.popular} />
      <Pricing />
      <FleetSection />
      <FinalCta />
    </>
  );
}
