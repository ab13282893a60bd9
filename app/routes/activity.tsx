import { useTranslation } from "~/i18n/use-translation";
import { getLang, requirePermission } from "~/auth/guards.server";
import { FormAlert } from "~/components/ui/field";
import { ActivityFiltersForm } from "~/features/activity/components/activity-filters";
import { ActivityTable } from "~/features/activity/components/activity-table";
import { loadActivityLog } from "~/features/activity/find-activity.server";
import { parseActivityFilters } from "~/features/activity/schema";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/activity";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("activity", { ns: "navigation" }), noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, context, "activity:view");
  const { filters, errors } = parseActivityFilters(new URL(request.url).searchParams);
  return loadActivityLog(filters, errors, getLang(context));
}

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("activity");
  const { entries, total, page, pageCount, filters, errors, users } = loaderData;
  // Each refused filter is explained beside its field; the page number has no field, so it is explained here.
  const hasFieldErrors = Object.keys(errors).some((field) => field !== "page");
  return (
    <div className="site-container space-y-6 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t("intro")}</p>
      </header>
      {users.ok ? null : <FormAlert>{t("errors.userData")}</FormAlert>}
      {hasFieldErrors || errors.page ? (
        <FormAlert>
          {hasFieldErrors ? <p>{t("errors.filtersIgnored")}</p> : null}
          {errors.page ? <p>{t(errors.page)}</p> : null}
        </FormAlert>
      ) : null}
      <ActivityFiltersForm filters={filters} errors={errors} users={users} />
      <ActivityTable entries={entries} total={total} page={page} pageCount={pageCount} filters={filters} />
    </div>
  );
}
