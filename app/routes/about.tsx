import { AboutPage } from "~/features/landing/components/about-page";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, {
    title: t("meta.aboutTitle", { ns: "public" }),
    description: t("meta.aboutDescription", { ns: "public" }),
  });
}

export default function Page() {
  const site = useRootData()?.site;
  return site ? <AboutPage site={site} /> : null;
}
