import { useTranslation } from "~/i18n/use-translation";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Pagination } from "~/components/ui/pagination";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
import { SEARCH_MAX } from "../schema";
import type { UserRowView } from "../types";
import { UserRowActions } from "./user-row-actions";

type UsersTableProps = {
  users: UserRowView[];
  total: number;
  page: number;
  pageCount: number;
  q: string;
  currentUserId: string;
};

function pageHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : ".";
}

export function UsersTable({ users, total, page, pageCount, q, currentUserId }: UsersTableProps) {
  const { t } = useTranslation("users");
  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <h2 id="users-heading" className="text-lg font-semibold">
        {t("list.heading")}
      </h2>
      <Form noValidate method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1 space-y-1">
          <label htmlFor="user-search" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t("list.searchLabel")}
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("list.search")}
        </Button>
        {q ? (
          <Link to="." className={buttonClasses("ghost")}>
            {t("list.clear")}
          </Link>
        ) : null}
      </Form>
      <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
        {t("list.count", { count: total })}
      </p>
      {users.length === 0 ? (
        <p className="text-sm">{t("list.empty")}</p>
      ) : (
        <Table cards>
          <TableCaption>{t("list.caption")}</TableCaption>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("columns.user")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.role")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.status")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.created")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.lastSignIn")}</TableHeaderCell>
              <TableHeaderCell>{t("columns.actions")}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody className="align-top">
            {users.map((u) => (
              <TableRow key={u.id}>
                <TableHeaderCell scope="row" wide className="font-normal">
                  <span className="font-medium">{u.name}</span>{" "}
                  {u.id === currentUserId ? <span>{t("list.you")}</span> : null}
                  {u.email ? (
                    <span className="block text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">{u.email}</span>
                  ) : null}
                  <span className="block whitespace-nowrap text-slate-700 dark:text-slate-300">
                    {u.phoneNumber ? (
                      <>
                        <span className="sr-only">{t("columns.phone")}: </span>
                        {u.phoneNumber}
                      </>
                    ) : (
                      t("list.noPhone")
                    )}
                  </span>
                </TableHeaderCell>
                <TableCell label={t("columns.role")}>{t(`roles.${u.role}`)}</TableCell>
                <TableCell label={t("columns.status")}>
                  {u.disabled ? (
                    <span className="rounded bg-red-100 px-2 py-0.5 text-red-900 dark:bg-red-950 dark:text-red-100">
                      {t("status.disabled")}
                    </span>
                  ) : (
                    <span className="rounded bg-green-100 px-2 py-0.5 text-green-900 dark:bg-green-950 dark:text-green-100">
                      {t("status.active")}
                    </span>
                  )}
                  {u.disabled && u.banReason ? (
                    <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                      {t("list.disabledReason", { reason: u.banReason })}
                    </p>
                  ) : null}
                </TableCell>
                <TableCell label={t("columns.created")} className="md:whitespace-nowrap">
                  <DateTime value={u.createdAt} />
                </TableCell>
                <TableCell label={t("columns.lastSignIn")} className="md:whitespace-nowrap">
                  <DateTime value={u.lastSignInAt} fallback={t("list.never")} />
                </TableCell>
                <TableCell wide>
                  <UserRowActions user={u} isSelf={u.id === currentUserId} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => pageHref(q, p)} label={t("pagination.label")} />
    </section>
  );
}
