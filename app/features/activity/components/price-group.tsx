import type { i18n as I18n } from "i18next";
import { hasText } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { formatMoney } from "~/lib/money";
import { formatBulkChange } from "../format";
import type { PriceGroupView } from "../types";

type Translate = (key: string, options?: Record<string, unknown>) => string;

const muted = "text-slate-700 dark:text-slate-300";
const detailsSummary =
  "cursor-pointer text-sm font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-100";

/** The sources a grouped entry has a sentence of its own for; any other reads "N prices changed". */
const sourceKeys: Record<string, string> = {
  screen: "screen",
  assistant: "assistant",
  bulk: "bulkSource",
  reapply: "reapply",
  restore: "restore",
  create: "create",
  add: "add",
  remove: "remove",
};

/**
 * One sentence for the whole change, in the reader's language with their numbers: "Bulk +5% on 11
 * products of Fruits in Restaurants, rounded to .99", "11 prices changed in Restaurants".
 */
export function groupSummary(i18n: I18n, group: PriceGroupView, list: string) {
  const t = i18n.t as unknown as Translate;
  const lang = i18n.language;
  const base = { ns: "activity", count: group.count, list };
  const { bulk } = group;
  if (!bulk) {
    const key = sourceKeys[group.source] ?? "other";
    return t(`group.${key}`, { ...base, version: group.restoredVersion });
  }
  const change = formatBulkChange(bulk.type, bulk.value, lang);
  const summary = bulk.category
    ? t("group.bulkCategory", {
        ...base,
        change,
        category: hasText(i18n, "activity", "values.category", bulk.category)
          ? t(`values.category.${bulk.category}`, { ns: "activity" })
          : bulk.category,
      })
    : t("group.bulk", { ...base, change });
  if (bulk.rounding === "cent" || !hasText(i18n, "activity", "group.rounding", bulk.rounding)) return summary;
  return t("group.withRounding", {
    ns: "activity",
    summary,
    rounding: t(`group.rounding.${bulk.rounding}`, { ns: "activity" }),
  });
}

function Price({ cents }: { cents: number | null }) {
  const { t, i18n } = useTranslation("activity");
  return <>{cents === null ? t("values.none") : formatMoney(cents, i18n.language)}</>;
}

/**
 * A grouped entry: its sentence, and its rows behind a native disclosure (no JavaScript needed):
 * product, old → new, the first few of them and how many more.
 */
export function PriceGroup({
  entryId,
  group,
  list,
  productText,
}: {
  entryId: number;
  group: PriceGroupView;
  list: string;
  productText: string | null;
}) {
  const { t, i18n } = useTranslation("activity");
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium [overflow-wrap:anywhere]">{groupSummary(i18n, group, list)}</p>
      {group.rows.length > 0 ? (
        // Opened by the reader, not by React: a new product filter shows other rows, closed again.
        <details key={productText ?? ""}>
          <summary className={detailsSummary}>
            {productText ? t("group.showMatching", { text: productText }) : t("group.show", { count: group.count })}
          </summary>
          <ul aria-label={t("group.rows")} className="mt-1 space-y-0.5">
            {group.rows.map((row) => (
              <li key={row.productId} className="[overflow-wrap:anywhere]">
                <span className={muted}>{row.name}: </span>
                <span className="sr-only">{t("changes.from")} </span>
                <span className={muted}>
                  <Price cents={row.oldCents} />
                </span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> {t("changes.to")} </span>
                <span className="font-medium">
                  <Price cents={row.newCents} />
                </span>
              </li>
            ))}
          </ul>
          {group.more > 0 ? (
            <p className={muted}>
              {t("group.more", { count: group.more })} ·{" "}
              <Link to={`/activity/${entryId}`} className={detailsSummary}>
                {t("group.seeAll", { count: group.count })}
              </Link>
            </p>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}
