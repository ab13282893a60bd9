import { hasText } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";
import { DateTime } from "~/components/ui/date-time";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeaderCell, TableRow } from "~/components/ui/table";
import type { OutboxView } from "../types";

const statusTone: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  sent: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

/** With no mail server, an admin opens a message here and hands its link over. */
export function OutboxTable({ messages }: { messages: OutboxView[] }) {
  const { t, i18n } = useTranslation("users");
  return (
    <section aria-labelledby="outbox-heading" className="space-y-4">
      <h2 id="outbox-heading" className="text-lg font-semibold">
        {t("outbox.heading")}
      </h2>
      <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">{t("outbox.intro")}</p>
      {messages.length === 0 ? (
        <p className="text-sm">{t("outbox.empty")}</p>
      ) : (
        <Table cards>
          <TableCaption>{t("outbox.caption")}</TableCaption>
          <TableHead>
            <TableRow>
              <TableHeaderCell>{t("outbox.columns.created")}</TableHeaderCell>
              <TableHeaderCell>{t("outbox.columns.kind")}</TableHeaderCell>
              <TableHeaderCell>{t("outbox.columns.channel")}</TableHeaderCell>
              <TableHeaderCell>{t("outbox.columns.recipient")}</TableHeaderCell>
              <TableHeaderCell>{t("outbox.columns.subject")}</TableHeaderCell>
              <TableHeaderCell>{t("outbox.columns.status")}</TableHeaderCell>
              <TableHeaderCell numeric>{t("outbox.columns.attempts")}</TableHeaderCell>
              <TableHeaderCell>{t("outbox.columns.lastError")}</TableHeaderCell>
              <TableHeaderCell>{t("outbox.columns.sent")}</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody className="align-top">
            {messages.map((m) => (
              <TableRow key={m.id}>
                <TableCell label={t("outbox.columns.created")} className="md:whitespace-nowrap">
                  <DateTime value={m.createdAt} />
                </TableCell>
                <TableCell label={t("outbox.columns.kind")}>
                  {hasText(i18n, "users", "outbox.kinds", m.kind) ? t(`outbox.kinds.${m.kind}`) : m.kind}
                </TableCell>
                <TableCell label={t("outbox.columns.channel")}>
                  {hasText(i18n, "users", "outbox.channels", m.channel) ? t(`outbox.channels.${m.channel}`) : m.channel}
                </TableCell>
                <TableCell label={t("outbox.columns.recipient")} className="[overflow-wrap:anywhere]">
                  {m.recipient}
                </TableCell>
                <TableCell label={t("outbox.columns.subject")} wide>
                  {m.subject}
                  {m.body !== null ? (
                    <details className="mt-1">
                      <summary className="cursor-pointer text-brand-700 underline dark:text-brand-100">
                        {t("outbox.showBody")}
                      </summary>
                      <pre className="mt-2 max-w-xl whitespace-pre-wrap rounded [overflow-wrap:anywhere] bg-slate-100 p-2 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                        {m.body}
                      </pre>
                    </details>
                  ) : null}
                </TableCell>
                <TableCell label={t("outbox.columns.status")}>
                  <span className={`rounded px-2 py-0.5 ${statusTone[m.status] ?? ""}`}>
                    {hasText(i18n, "users", "outbox.statuses", m.status) ? t(`outbox.statuses.${m.status}`) : m.status}
                  </span>
                </TableCell>
                <TableCell label={t("outbox.columns.attempts")} numeric>
                  {m.attempts}
                </TableCell>
                <TableCell label={t("outbox.columns.lastError")} className="break-words">
                  {m.lastError ?? t("outbox.never")}
                </TableCell>
                <TableCell label={t("outbox.columns.sent")} className="md:whitespace-nowrap">
                  <DateTime value={m.sentAt} fallback={t("outbox.never")} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
