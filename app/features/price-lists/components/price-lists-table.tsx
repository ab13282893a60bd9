import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DateTime } from "~/components/ui/date-time";
import type { PriceListSummary } from "../lists.server";
import { formatAdjustment } from "./adjustment";

function Badge({ children }: { children: string }) {
  return (
    <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200">
      {children}
    </span>
  );
}

function DeleteButton({ list }: { list: PriceListSummary }) {
  const { t } = useTranslation("prices");
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        {t("manage.delete")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="danger"
        title={t("manage.deleteTitle", { name: list.name })}
        description={t("manage.deleteBody")}
        confirmLabel={t("manage.deleteConfirm")}
        cancelLabel={t("manage.cancel")}
        onConfirm={() => void submit({ intent: "delete", slug: list.slug }, { method: "post" })}
      />
    </>
  );
}

/** The lists staff manage (or, for an admin, the deleted ones to restore), with their actions. */
export function PriceListsTable({ lists, deleted = false }: { lists: PriceListSummary[]; deleted?: boolean }) {
  const { t, i18n } = useTranslation("prices");
  const headingId = deleted ? "deleted-lists" : "price-lists";
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {deleted ? t("manage.deletedHeading") : t("manage.listsHeading")}
      </h2>
      {lists.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{t("errors.noLists")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("manage.name")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("manage.basedOn")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("manage.items")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {deleted ? t("manage.deletedAt") : t("private.updated")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">{t("manage.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {lists.map((list) => (
                <tr key={list.id} data-list={list.slug}>
                  <th scope="row" className="px-3 py-2 align-top font-medium">
                    {deleted ? (
                      list.name
                    ) : (
                      <Link
                        to={`/prices-manage/${list.slug}`}
                        className="text-brand-800 underline-offset-2 hover:underline dark:text-brand-100"
                      >
                        {list.name}
                      </Link>
                    )}
                    <div className="mt-1 flex flex-wrap gap-1">
                      {list.isPublic ? <Badge>{t("private.kind.public")}</Badge> : null}
                      {list.isDefaultForCustomers ? <Badge>{t("private.kind.default")}</Badge> : null}
                      {list.isTemplate ? <Badge>{t("private.kind.template")}</Badge> : null}
                    </div>
                    {list.description ? (
                      <p className="mt-1 font-normal text-slate-700 dark:text-slate-300">{list.description}</p>
                    ) : null}
                  </th>
                  <td className="px-3 py-2 align-top text-slate-700 dark:text-slate-300">
                    {list.parentName
                      ? [list.parentName, formatAdjustment(list.adjustmentType, list.adjustmentValue, i18n.language)]
                          .filter(Boolean)
                          .join(" ")
                      : "—"}
                  </td>
                  <td className="px-3 py-2 text-right align-top tabular-nums">{list.itemCount}</td>
                  <td className="px-3 py-2 align-top text-slate-700 dark:text-slate-300">
                    <DateTime value={deleted && list.deletedAt ? list.deletedAt : list.updatedAt} />
                  </td>
                  <td className="px-3 py-2 align-top">
                    <div className="flex flex-wrap justify-end gap-2">
                      {deleted ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="restore" />
                          <input type="hidden" name="slug" value={list.slug} />
                          <Button type="submit" size="sm" variant="outline">
                            {t("manage.restore")}
                          </Button>
                        </Form>
                      ) : (
                        <>
                          <Form method="post">
                            <input type="hidden" name="intent" value="duplicate" />
                            <input type="hidden" name="slug" value={list.slug} />
                            <input type="hidden" name="name" value={t("manage.copyName", { name: list.name })} />
                            <Button type="submit" size="sm" variant="outline">
                              {t("manage.duplicate")}
                            </Button>
                          </Form>
                          <DeleteButton list={list} />
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
