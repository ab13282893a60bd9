import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import type { SavePricesResult } from "../edit-prices.server";
import { hasMailbox } from "~/lib/contact";

type Customer = { userId: string; name: string; email: string; priceListId: string | null };

/** Which customers see this list (each customer sees one list; the others see the default). */
export function CustomersPanel({ customers, listId }: { customers: Customer[]; listId: string }) {
  const { t } = useTranslation("prices");
  const fetcher = useFetcher<SavePricesResult>();
  const [chosen, setChosen] = useState(
    () => new Set(customers.filter((c) => c.priceListId === listId).map((c) => c.userId)),
  );
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-labelledby="customers-heading" className="space-y-3">
      <h2 id="customers-heading" className="text-xl font-semibold">
        {t("editor.customersHeading")}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t("editor.customersIntro")}</p>
      {customers.length === 0 ? (
        <p>{t("editor.noCustomers")}</p>
      ) : (
        <fieldset className="space-y-1">
          <legend className="sr-only">{t("editor.customersHeading")}</legend>
          {customers.map((c) => (
            <label key={c.userId} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={chosen.has(c.userId)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setChosen((current) => {
                    const next = new Set(current);
                    if (on) next.add(c.userId);
                    else next.delete(c.userId);
                    return next;
                  });
                }}
              />
              <span>
                {c.name}{" "}
                {hasMailbox(c.email) ? <span className="text-slate-600 dark:text-slate-400">({c.email})</span> : null}
                {c.priceListId && c.priceListId !== listId ? (
                  <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">{t("editor.onOtherList")}</span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div aria-live="polite">
        {result?.ok ? <FormAlert tone="success">{t("messages.updated")}</FormAlert> : null}
        {result && !result.ok ? <FormAlert>{t(result.message)}</FormAlert> : null}
      </div>
      <Button
        variant="secondary"
        disabled={fetcher.state !== "idle" || customers.length === 0}
        onClick={() =>
          void fetcher.submit({ intent: "assign", customerIds: JSON.stringify([...chosen]) }, { method: "post" })
        }
      >
        {t("editor.assign")}
      </Button>
    </section>
  );
}
