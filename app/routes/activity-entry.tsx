import { data, Link } from "react-router";
import { getLang, requirePermission } from "~/auth/guards.server";
import { BackLink } from "~/components/ui/back-link";
import { DateTime } from "~/components/ui/date-time";
import { Pagination } from "~/components/ui/pagination";
import { FormAlert } from "~/components/ui/field";
import { groupSummary } from "~/features/activity/components/price-group";
import { loadGroupEntry } from "~/features/activity/find-activity.server";
import { parseGroupEntryAddress } from "~/features/activity/schema";
import { PriceChangeTable } from "~/features/price-lists/components/price-change-table";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/activity-entry";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("entry.title", { ns: "activity" }), noindex: true });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePermission(request, context, "activity:view");
  const { id, page, pageInvalid } = parseGroupEntryAddress(params.entryId, new URL(request.url).searchParams);
  const found = id === null ? null : await loadGroupEntry(id, page, getLang(context));
  if (!found?.entry.group) throw data(null, { status: 404, statusText: "Not Found" });
  return { ...found, group: found.entry.group, pageInvalid };
}

/** Every price of one change of many prices (a bulk change, a restore, an import): the log's "see all". */
export default function ActivityEntryPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("activity");
  const { entry, group, rows, total, page, pageCount, pageInvalid } = loaderData;
  const list = entry.entity.name ?? t("entity.unnamed");
  const actor = entry.actor.state === "user" ? entry.actor.name : t(`actor.${entry.actor.state}`);
  return (
    <div className="site-container space-y-6 py-8">
      <BackLink to="/activity" label={t("entry.back")}>
        {t("entry.back")}
      </BackLink>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
          {groupSummary(i18n, group, list)}
        </h1>
        <p className="text-slate-700 dark:text-slate-300">
          {t("entry.madeBy", { actor })} · <DateTime value={entry.createdAt} />
        </p>
        {entry.entity.href ? (
          <Link
            to={entry.entity.href}
            className="text-sm text-brand-800 underline underline-offset-2 dark:text-brand-100"
          >
            {list}
          </Link>
        ) : null}
      </header>
      <p role="status" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t("entry.count", { count: total })}
      </p>
      {pageInvalid ? <FormAlert>{t("errors.pageInvalid")}</FormAlert> : null}
      <PriceChangeTable
        rows={rows.map((r) => ({ key: r.productId, name: r.name, now: r.oldCents, next: r.newCents }))}
        columns={{ now: t("entry.before"), next: t("entry.after") }}
        noPrice={t("values.none")}
      />
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => (p > 1 ? `?page=${p}` : ".")}
        label={t("entry.pages")}
      />
    </div>
  );
}
