import { hasText } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { DateTime } from "~/components/ui/date-time";
import { groupSummary } from "~/features/activity/components/price-group";
import type { ActivityEntryView } from "~/features/activity/types";

export function RecentActivity({ entries }: { entries: ActivityEntryView[] }) {
  const { t, i18n } = useTranslation("dashboard");
  return (
    <section aria-labelledby="activity-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="activity-heading" className="text-lg font-semibold">
          {t("activity.heading")}
        </h2>
        <Link to="/activity" className="text-sm text-brand-700 underline dark:text-brand-100">
          {t("activity.seeAll")}
        </Link>
      </div>
      {entries.length === 0 ? (
        <p className="text-sm">{t("activity.empty")}</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {entries.map((e) => {
            const actor = e.actor.state === "user" ? e.actor.name : t("activity.system");
            // What the entry is about, in the reader's language (a list's name in theirs).
            const about = e.entity.name ?? (e.note?.kind === "text" ? e.note.text : null);
            const action = hasText(i18n, "dashboard", "activity.actions", e.action)
              ? t(`activity.actions.${e.action}`)
              : e.action;
            const entity = hasText(i18n, "dashboard", "activity.entities", e.entityType)
              ? t(`activity.entities.${e.entityType}`)
              : e.entityType;
            return (
              <li
                key={e.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
              >
                {e.group ? (
                  // One change of many prices (a bulk change, an import) is one entry, told as the log tells it.
                  <p>
                    {t("activity.groupEntry", {
                      actor,
                      summary: groupSummary(i18n, e.group, e.entity.name ?? t("entity.unnamed", { ns: "activity" })),
                    })}
                  </p>
                ) : (
                  <p>
                    {t("activity.entry", { actor, action, entity })}
                    {about ? <span className="text-slate-700 dark:text-slate-300">: {about}</span> : null}
                  </p>
                )}
                <span className="whitespace-nowrap text-slate-700 dark:text-slate-300">
                  <DateTime value={e.createdAt} />
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
