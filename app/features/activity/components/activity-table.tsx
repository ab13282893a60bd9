import { hasText } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { DateTime } from "~/components/ui/date-time";
import { Pagination } from "~/components/ui/pagination";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { activitySearch, hasActiveFilters, type ActivityFilters } from "../schema";
import type { ActivityEntryView } from "../types";
import { ChangeList } from "./change-list";

const muted = "text-slate-700 dark:text-slate-300";
const linkClass = "font-medium text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-100";

const actionTone: Record<string, string> = {
  created: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  updated: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  deleted: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

function ActionBadge({ action }: { action: string }) {
  const { t, i18n } = useTranslation("activity");
  const label = hasText(i18n, "activity", "actions", action) ? t(`actions.${action}`) : action;
  return (
    <span
      className={cn(
        "inline-flex rounded px-2 py-0.5 text-xs font-medium",
        actionTone[action] ?? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
      )}
    >
      {label}
    </span>
  );
}

function Actor({ actor }: { actor: ActivityEntryView["actor"] }) {
  const { t } = useTranslation("activity");
  if (actor.state === "none") return <span className={cn(muted, "italic")}>{t("actor.none")}</span>;
  if (actor.state === "unknown") return <span className={cn(muted, "italic")}>{t("actor.unknown")}</span>;
  return (
    <>
      <span className="block font-medium">{actor.name}</span>
      <span className={cn("block [overflow-wrap:anywhere]", muted)}>{actor.contact}</span>
    </>
  );
}

function Entity({ entry }: { entry: ActivityEntryView }) {
  const { t, i18n } = useTranslation("activity");
  const { entity, note } = entry;
  const type = hasText(i18n, "activity", "entities", entry.entityType)
    ? t(`entities.${entry.entityType}`)
    : entry.entityType;
  const name = entity.name ?? t("entity.unnamed");
  return (
    <>
      <span className={cn("block text-xs", muted)}>{type}</span>
      <span className="block [overflow-wrap:anywhere]">
        {entity.href ? (
          <Link to={entity.href} className={linkClass}>
            {name}
          </Link>
        ) : (
          <span className={entity.name ? "font-medium" : cn(muted, "italic")}>{name}</span>
        )}
        {entity.gone ? (
          <span className={cn("ml-1", muted)}>({entity.name ? t("entity.gone") : t("entity.notFound")})</span>
        ) : null}
      </span>
      {entity.context ? (
        <span className={cn("block [overflow-wrap:anywhere]", muted)}>
          {entry.entityType === "price_item" ? t("entity.inList", { list: entity.context }) : entity.context}
        </span>
      ) : null}
      {note ? (
        <span className="mt-1 block [overflow-wrap:anywhere]">
          {note.kind === "known" ? t(`summaries.${note.key}`) : note.text}
        </span>
      ) : null}
    </>
  );
}

type Props = {
  entries: ActivityEntryView[];
  total: number;
  page: number;
  pageCount: number;
  filters: ActivityFilters;
};

export function ActivityTable({ entries, total, page, pageCount, filters }: Props) {
  const { t } = useTranslation("activity");
  const filtered = hasActiveFilters(filters);
  return (
    <section aria-label={t("list.caption")} className="space-y-4">
      <p className={cn("text-sm", muted)} role="status">
        {t("list.count", { count: total })}
      </p>
      {entries.length === 0 ? (
        <div className="space-y-2 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-600">
          <p>{filtered ? t("list.empty") : t("list.emptyAll")}</p>
          {filtered ? (
            <Link to="/activity" className={linkClass}>
              {t("list.showAll")}
            </Link>
          ) : null}
        </div>
      ) : (
        <Table cards>
          <TableCaption>{t("list.caption")}</TableCaption>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("columns.when")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.who")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.entity")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.action")}</TableHeaderCell>
              <TableHeaderCell className="min-w-64">{t("columns.changes")}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody className="align-top">
            {entries.map((e) => (
              <TableRow key={e.id} data-entry={e.id}>
                <TableHeaderCell scope="row" label={t("columns.when")} className="font-normal md:whitespace-nowrap">
                  <DateTime value={e.createdAt} />
                </TableHeaderCell>
                <TableCell label={t("columns.who")} className="md:max-w-56">
                  <Actor actor={e.actor} />
                </TableCell>
                <TableCell label={t("columns.entity")} className="md:max-w-64">
                  <Entity entry={e} />
                </TableCell>
                <TableCell label={t("columns.action")}>
                  <ActionBadge action={e.action} />
                </TableCell>
                <TableCell label={t("columns.changes")} wide>
                  <ChangeList entry={e} productText={filters.product} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => `/activity${activitySearch(filters, p)}`}
        label={t("pagination.label")}
      />
    </section>
  );
}
