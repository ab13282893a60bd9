import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { getLang, requirePermission } from "~/auth/guards.server";
import { CustomerDashboard } from "~/features/dashboard/components/customer-dashboard";
import { QuickLinkGrid } from "~/features/dashboard/components/quick-link-grid";
import { RecentActivity } from "~/features/dashboard/components/recent-activity";
import { StatCard } from "~/features/dashboard/components/stat-card";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("dashboard", { ns: "navigation" }), noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "dashboard:view");
  return getDashboard(user, getLang(context));
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  if (loaderData.kind === "customer") return <CustomerDashboard {...loaderData} />;
  const { catalog, users, recentActivity, links } = loaderData;
  return (
    <div className="site-container space-y-8 py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t(`greeting.${loaderData.greeting}`, { name: loaderData.name })}</h1>
        <p className="text-slate-700 dark:text-slate-300">{t("signedInAs", { role: t(`roles.${loaderData.role}`) })}</p>
      </header>

      <section aria-labelledby="overview-heading" className="space-y-3">
        <h2 id="overview-heading" className="text-lg font-semibold">
          {t("overview.heading")}
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <StatCard label={t("overview.products")} value={catalog.products} />
          <StatCard label={t("overview.activeProducts")} value={catalog.activeProducts} />
          <StatCard label={t("overview.priceLists")} value={catalog.priceLists} />
        </dl>
      </section>

      {users ? (
        <section aria-labelledby="users-heading" className="space-y-3">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="users-heading" className="text-lg font-semibold">
              {t("users.heading")}
            </h2>
            <Link to="/manage-users" className="text-sm text-brand-700 underline dark:text-brand-100">
              {t("users.manage")}
            </Link>
          </div>
          <dl className="grid gap-3 sm:grid-cols-4">
            <StatCard label={t("users.admin")} value={users.admin} />
            <StatCard label={t("users.seller")} value={users.seller} />
            <StatCard label={t("users.customer")} value={users.customer} />
            <StatCard label={t("users.disabled")} value={users.disabled} />
          </dl>
        </section>
      ) : null}

      {recentActivity ? <RecentActivity entries={recentActivity} /> : null}

      <QuickLinkGrid links={links} />
    </div>
  );
}
