import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, data, replace } from "react-router";
import { getLang, getRequestInfo, getUser } from "~/auth/guards.server";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { FormAlert, TextField } from "~/components/ui/field";
import { PHONE_SLOT, PhoneText } from "~/components/ui/phone-text";
import { PriceTable } from "~/features/catalog/components/price-table";
import { findPublicPrices } from "~/features/catalog/prices.server";
import { parseSearch, SEARCH_MAX } from "~/features/catalog/query";
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

type PricesData = { search: string; prices: PublicPrices | { kind: "error" } };

export async function loader({ request, context }: Route.LoaderArgs) {
  if (getUser(context)) throw replace("/pricesprivate");
  const search = parseSearch(new URL(request.url).searchParams.get("q"));
  try {
    const prices = await findPublicPrices({ search, lang: getLang(context) });
    return data<PricesData>({ search, prices });
  } catch (error) {
    // The page stays up and says so; the cause goes to the log only.
    logger.error({ err: error, requestId: getRequestInfo(context).requestId }, "loading the public prices failed");
    return data<PricesData>({ search, prices: { kind: "error" } }, { status: 500 });
  }
}

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  const site = useRootData()?.site;
  const { search, prices } = loaderData;
  const phone = site?.phone ?? "";

  return (
    <div className="mx-auto max-w-navbar space-y-6 px-4 py-8">
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
            <Form method="get" action="/prices" role="search" className="flex items-end gap-2">
              <TextField
                label={t("prices.searchLabel")}
                name="q"
                type="search"
                defaultValue={search}
                key={search}
                maxLength={SEARCH_MAX}
                placeholder={t("prices.searchPlaceholder")}
                autoComplete="off"
              />
              <Button type="submit">{t("prices.search")}</Button>
            </Form>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm font-medium">
            <p role="status" className="text-slate-700 dark:text-slate-300">
              {t("prices.count", { count: prices.total })}
            </p>
            {search ? (
              <Link
                to="/prices"
                className="text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-100"
              >
                {t("prices.clearSearch")}
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
