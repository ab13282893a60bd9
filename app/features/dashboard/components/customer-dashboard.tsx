import { Search } from "lucide-react";
import { Form } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import { SEARCH_MAX } from "~/features/catalog/query";
import { useTranslation } from "~/i18n/use-translation";
import type { Greeting } from "../greeting";
import type { PrintLink, QuickLink } from "../quick-links";
import { PriceChanges, type PriceChangesView } from "./price-changes";
import { QuickLinkGrid } from "./quick-link-grid";

type Props = {
  greeting: Greeting;
  name: string;
  priceList: { slug: string; name: string; assigned: boolean } | null;
  changes: PriceChangesView | null;
  printLinks: readonly PrintLink[];
  links: readonly QuickLink[];
};

/**
 * A customer's dashboard: their price list at a glance. A search of it (answered by the whole
 * list's page, which filters by `q`), the whole list one tap away, its printed sheets, and what
 * changed since their last visit.
 */
export function CustomerDashboard({ greeting, name, priceList, changes, printLinks, links }: Props) {
  const { t } = useTranslation("dashboard");
  const { t: tc } = useTranslation("catalog");
  return (
    <div className="site-container space-y-8 py-8 *:max-w-3xl">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t(`greeting.${greeting}`, { name })}</h1>
        {priceList ? (
          <p className="text-slate-700 dark:text-slate-300">
            {t(priceList.assigned ? "priceList.assigned" : "priceList.default", { name: priceList.name })}
          </p>
        ) : null}
      </header>

      {priceList ? (
        <section
          aria-labelledby="price-list-heading"
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="price-list-heading" className="text-lg font-semibold">
            {t("priceList.heading")}
          </h2>
          <Form noValidate method="get" action="/pricesprivate" role="search" className="flex items-end gap-2">
            <TextField
              className="min-w-0 flex-1"
              label={t("priceList.searchLabel")}
              name="q"
              type="search"
              enterKeyHint="search"
              maxLength={SEARCH_MAX}
              placeholder={tc("prices.searchPlaceholder")}
              autoComplete="off"
            />
            <Button type="submit" variant="secondary">
              <Search aria-hidden="true" className="size-4" />
              {/* On a phone the field keeps the width: the button says its name to screen readers only. */}
              <span className="sr-only sm:not-sr-only">{t("priceList.search")}</span>
            </Button>
          </Form>
          <ButtonLink to="/pricesprivate" size="lg" className="w-full sm:w-auto">
            {t("priceList.open")}
          </ButtonLink>
          {printLinks.length > 0 ? (
            <nav aria-labelledby="print-heading" className="flex flex-wrap items-center gap-2">
              <span id="print-heading" className="me-1 text-sm font-medium text-slate-700 dark:text-slate-300">
                {t("priceList.print")}
              </span>
              {printLinks.map((link) => (
                <ButtonLink key={link.to} to={link.to} variant="outline" size="sm">
                  {t(`priceList.sheets.${link.label}`)}
                </ButtonLink>
              ))}
            </nav>
          ) : null}
        </section>
      ) : (
        <FormAlert tone="info">{t("priceList.none")}</FormAlert>
      )}

      {changes ? <PriceChanges changes={changes} /> : null}

      <QuickLinkGrid links={links} />
    </div>
  );
}
