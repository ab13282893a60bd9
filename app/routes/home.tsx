import { redirectSignedIn } from "~/auth/guards.server";
import { Categories } from "~/features/landing/components/categories";
import { Features } from "~/features/landing/components/features";
import { FinalCta } from "~/features/landing/components/final-cta";
import { FleetSection } from "~/features/landing/components/fleet-section";
import { Hero } from "~/features/landing/components/hero";
import { Mission } from "~/features/landing/components/mission";
import { PopularProducts } from "~/features/landing/components/popular-products";
import { Pricing } from "~/features/landing/components/pricing";
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
  return { popular: await findVisiblePopularSlugs() };
}

/** The landing page: every section of the specification, in its order. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <Mission />
      <Features />
      <Categories />
      <PopularProducts visible={loaderData.popular} />
      <Pricing />
      <FleetSection />
      <FinalCta />
    </>
  );
}
