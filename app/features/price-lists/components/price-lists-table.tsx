import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DateTime } from "~/components/ui/date-time";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
import type { PriceListSummary } from "../lists.server";
import { listDescription, listName, parentListName } from "../names";
import { formatAdjustment } from "./adjustment";
import { NoSpanishName } from "./no-spanish-name";

function Badge({ children }: { children: string }) {
  return (
    <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200">
      {children}
    </span>
  );
}

function DeleteButton({ list }: { list: PriceListSummary }) {
  const { t, i18n } = useTranslation("prices");
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t("manage.delete")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="danger"
        title={t("manage.deleteTitle", { name: listName(list, i18n.language) })}
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
        <Table cards>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("manage.name")}</TableHeaderCell>
              <TableHeaderCell>{t("manage.basedOn")}</TableHeaderCell>
              <TableHeaderCell numeric>{t("manage.items")}</TableHeaderCell>
              <TableHeaderCell>{deleted ? t("manage.deletedAt") : t("private.updated")}</TableHeaderCell>
              <TableHeaderCell>
                <span className="sr-only">{t("manage.actions")}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody className="align-top">
            {lists.map((list) => {
              const name = listName(list, i18n.language);
              const description = listDescription(list, i18n.language);
              return (
                <TableRow key={list.id} data-list={list.slug}>
                  <TableHeaderCell scope="row" wide className="font-medium [overflow-wrap:anywhere]">
                    {deleted ? (
                      name
                    ) : (
                      <Link
                        to={`/prices-manage/${list.slug}`}
                        className="text-brand-800 underline-offset-2 hover:underline dark:text-brand-100"
                      >
                        {name}
                      </Link>
                    )}
                    <div className="mt-1 flex flex-wrap gap-1">
                      {list.isPublic ? <Badge>{t("private.kind.public")}</Badge> : null}
                      {list.isDefaultForCustomers ? <Badge>{t("private.kind.default")}</Badge> : null}
                      {list.isTemplate ? <Badge>{t("private.kind.template")}</Badge> : null}
                      <NoSpanishName list={list} />
                    </div>
                    {description ? (
                      <p className="mt-1 font-normal text-slate-700 dark:text-slate-300">{description}</p>
                    ) : null}
                  </TableHeaderCell>
                  <TableCell label={t("manage.basedOn")} className="text-slate-700 dark:text-slate-300">
                    {list.parentName
                      ? [
                          parentListName(list, i18n.language),
                          formatAdjustment(list.adjustmentType, list.adjustmentValue, i18n.language),
                        ]
                          .filter(Boolean)
                          .join(" ")
                      : "—"}
                  </TableCell>
                  <TableCell label={t("manage.items")} numeric>
                    {list.itemCount}
                  </TableCell>
                  <TableCell
                    label={deleted ? t("manage.deletedAt") : t("private.updated")}
                    wide
                    className="text-slate-700 md:whitespace-nowrap dark:text-slate-300"
                  >
                    <DateTime value={deleted && list.deletedAt ? list.deletedAt : list.updatedAt} />
                  </TableCell>
                  <TableCell wide>
                    <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                      {deleted ? (
                        <Form noValidate method="post">
                          <input type="hidden" name="intent" value="restore" />
                          <input type="hidden" name="slug" value={list.slug} />
                          <Button type="submit" size="sm" variant="outline">
                            {t("manage.restore")}
                          </Button>
                        </Form>
                      ) : (
                        <>
                          <Form noValidate method="post">
                            <input type="hidden" name="intent" value="duplicate" />
                            <input type="hidden" name="slug" value={list.slug} />
                            <Button type="submit" size="sm" variant="outline">
                              {t("manage.duplicate")}
                            </Button>
                          </Form>
                          <DeleteButton list={list} />
                        </>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
