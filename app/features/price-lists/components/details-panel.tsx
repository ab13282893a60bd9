import { useTranslation } from "~/i18n/use-translation";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, useFormFeedback } from "~/components/ui/field";
import type { PriceListSummary } from "../lists.server";
import type { ListActionResult } from "../schema";
import { ListFlagFields, ListTextFields } from "./list-fields";

/**
 * The list's names, descriptions and flags, changed in place. Posted as the "update" intent of the
 * price lists screen's actions, so a list is named one way wherever it is created or changed.
 */
export function DetailsPanel({
  list,
  revision,
}: {
  list: PriceListSummary;
  /** The list's revision as this page knows it: a save of prices moves it before the page's data reads again. */
  revision: number;
}) {
  const { t } = useTranslation("prices");
  const fetcher = useFetcher<ListActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result && !result.ok ? result.errors : {};
  const feedback = useFormFeedback(result);
  return (
    <section aria-labelledby="details-heading" className="space-y-3">
      <h2 id="details-heading" className="text-xl font-semibold">
        {t("manage.detailsHeading")}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t("manage.detailsIntro")}</p>
      <fetcher.Form
        ref={feedback}
        method="post"
        action="/prices-manage"
        noValidate
        className="grid gap-4 md:grid-cols-2"
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="slug" value={list.slug} />
        <input type="hidden" name="revision" value={revision} />
        <ListTextFields errors={errors} values={list} />
        <ListFlagFields values={list} />
        <div aria-live="polite" className="md:col-span-2">
          {result ? (
            <FormAlert tone={result.ok ? "success" : "error"}>
              <p>{t(result.message)}</p>
              {!result.ok && result.errors.form ? <p className="mt-1">{t(result.errors.form)}</p> : null}
            </FormAlert>
          ) : null}
        </div>
        <div className="md:col-span-2">
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            {t("manage.detailsSave")}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
