import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, TextField } from "~/components/ui/field";
import type { SavePricesResult } from "../edit-prices.server";

type Missing = { kind: "missing"; products: { productId: string; name: string }[] };

/** Finds catalogue products the list lacks and adds them, priced like the rest of the list. */
export function AddProductsPanel() {
  const { t } = useTranslation("prices");
  const search = useFetcher<Missing>();
  const add = useFetcher<SavePricesResult>();
  const [q, setQ] = useState("");
  const { load } = search;
  useEffect(() => {
    if (!q.trim()) return;
    const timer = setTimeout(() => void load(`?missing=${encodeURIComponent(q.trim())}`), 250);
    return () => clearTimeout(timer);
  }, [q, load]);
  // After an addition the search runs again, so the product leaves the results.
  useEffect(() => {
    if (add.state === "idle" && add.data?.ok && q.trim()) void load(`?missing=${encodeURIComponent(q.trim())}`);
  }, [add.state, add.data, q, load]);
  const products = q.trim() && search.data?.kind === "missing" ? search.data.products : [];
  const result = add.state === "idle" ? add.data : undefined;
  return (
    <section aria-labelledby="add-heading" className="space-y-3">
      <h2 id="add-heading" className="text-xl font-semibold">
        {t("editor.addHeading")}
      </h2>
      <TextField
        label={t("editor.addSearch")}
        type="search"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        autoComplete="off"
        hint={t("editor.addHint")}
      />
      <div aria-live="polite">
        {result?.ok ? <FormAlert tone="success">{t("editor.added")}</FormAlert> : null}
        {result && !result.ok ? <FormAlert>{t(result.message)}</FormAlert> : null}
        {q.trim() && search.state === "idle" && products.length === 0 && search.data ? (
          <p className="text-slate-700 dark:text-slate-300">{t("editor.addNone")}</p>
        ) : null}
      </div>
      {products.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {products.map((p) => (
            <li key={p.productId} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span>{p.name}</span>
              <Button
                size="sm"
                variant="outline"
                aria-label={t("editor.addOne", { name: p.name })}
                disabled={add.state !== "idle"}
                onClick={() =>
                  void add.submit({ intent: "add", productIds: JSON.stringify([p.productId]) }, { method: "post" })
                }
              >
                {t("editor.add")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
