import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, data, replace } from "react-router";
import { getLang, getRequestInfo, getUser } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { FormAlert } from "~/components/ui/field";
import { PHONE_SLOT, PhoneText } from "~/components/ui/phone-text";
import { orderedGroups } from "~/features/catalog/categories";
import { PriceFilters } from "~/features/catalog/components/price-filters";
import { PriceTable } from "~/features/catalog/components/price-table";
import { parsePriceFilters, type PriceFilterValues } from "~/features/catalog/price-filters";
import { findPublicPrices } from "~/features/catalog/prices.server";
import type { PublicPrices } from "~/features/catalog/types";
import { logger } from "~/lib/logger.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/prices";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, {
    title: t("prices.title", { ns: "catalog" }),
    description: t("prices.metaDescription", { ns: "catalog" }),
  });
}

type PricesData = { filters: PriceFilterValues; prices: PublicPrices | { kind: "error" } };

export async function loader({ request, context }: Route.LoaderArgs) {
  if (getUser(context)) throw replace("/pricesprivate");
  const filters = parsePriceFilters(new URL(request.url).searchParams);
  try {
    const prices = await findPublicPrices({ filters, lang: getLang(context) });
    return data<PricesData>({ filters, prices });
  } catch (error) {
    // The page stays up and says so; the cause goes to the log only.
    logger.error({ err: error, requestId: getRequestInfo(context).requestId }, "loading the public prices failed");
    return data<PricesData>({ filters, prices: { kind: "error" } }, { status: 500 });
  }
}

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("catalog");
  const site = useRootData()?.site;
  const { filters, prices } = loaderData;
  const filtered =
    filters.query !== "" || filters.category !== "all" || filters.availability !== "all" || filters.changedToday;
  const phone = site?.phone ?? "";

  return (
    <div className="site-container space-y-6 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("prices.title")}</h1>
        <p className="max-w-2xl text-slate-700 dark:text-slate-300">{t("prices.intro")}</p>
      </header>

      {prices.kind === "error" ? (
        <FormAlert>
          <p className="font-medium">{t("prices.fetchFailed")}</p>
          <p className="mt-1">
            <PhoneText text={t("prices.fetchFailedHint", { phone: PHONE_SLOT })} phone={phone} />
          </p>
        </FormAlert>
      ) : prices.kind === "none" ? (
        <FormAlert tone="info">{t("prices.noLists")}</FormAlert>
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="text-lg font-semibold">{prices.name}</p>
              {prices.description ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">{prices.description}</p>
              ) : null}
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {t("prices.updated")}: <DateTime value={prices.updatedAt} />
              </p>
            </div>
          </div>
          <Form noValidate method="get" action="/prices" role="search" aria-label={t("prices.filtersLabel")}>
            <PriceFilters
              values={filters}
              groups={orderedGroups((g) => t(`categories.${g}`), i18n.language)}
              searchLabel={t("prices.searchLabel")}
              searchPlaceholder={t("prices.searchPlaceholder")}
            >
              <Button type="submit">{t("prices.search")}</Button>
            </PriceFilters>
          </Form>
          <div className="flex flex-wrap items-center gap-3 text-sm font-medium">
            <p role="status" className="text-slate-700 dark:text-slate-300">
              {t("prices.count", { count: prices.total })}
            </p>
            {filtered ? (
              <Link
                to="/prices"
                className="text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-100"
              >
                {t("filters.clear")}
              </Link>
            ) : null}
          </div>
          {prices.rows.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">{t("prices.empty")}</p>
          ) : (
            <PriceTable items={prices.rows} linkNames />
          )}
          {prices.total > prices.rows.length ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t("prices.limited", { shown: prices.rows.length, total: prices.total })}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
