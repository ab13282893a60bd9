import { hasText } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";
import { DateTime } from "~/components/ui/date-time";
import type { OutboxView } from "../types";

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300";
const td = "px-3 py-2 align-top text-sm";

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
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
            <caption className="sr-only">{t("outbox.caption")}</caption>
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th scope="col" className={th}>
                  {t("outbox.columns.created")}
                </th>
                <th scope="col" className={th}>
                  {t("outbox.columns.kind")}
                </th>
                <th scope="col" className={th}>
                  {t("outbox.columns.channel")}
                </th>
                <th scope="col" className={th}>
                  {t("outbox.columns.recipient")}
                </th>
                <th scope="col" className={th}>
                  {t("outbox.columns.subject")}
                </th>
                <th scope="col" className={th}>
                  {t("outbox.columns.status")}
                </th>
                <th scope="col" className={th}>
                  {t("outbox.columns.attempts")}
                </th>
                <th scope="col" className={th}>
                  {t("outbox.columns.lastError")}
                </th>
                <th scope="col" className={th}>
                  {t("outbox.columns.sent")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {messages.map((m) => (
                <tr key={m.id}>
                  <td className={`${td} whitespace-nowrap`}>
                    <DateTime value={m.createdAt} />
                  </td>
                  <td className={td}>
                    {hasText(i18n, "users", "outbox.kinds", m.kind) ? t(`outbox.kinds.${m.kind}`) : m.kind}
                  </td>
                  <td className={td}>
                    {hasText(i18n, "users", "outbox.channels", m.channel)
                      ? t(`outbox.channels.${m.channel}`)
                      : m.channel}
                  </td>
                  <td className={`${td} [overflow-wrap:anywhere]`}>{m.recipient}</td>
                  <td className={td}>
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
                  </td>
                  <td className={td}>
                    <span className={`rounded px-2 py-0.5 ${statusTone[m.status] ?? ""}`}>
                      {hasText(i18n, "users", "outbox.statuses", m.status)
                        ? t(`outbox.statuses.${m.status}`)
                        : m.status}
                    </span>
                  </td>
                  <td className={td}>{m.attempts}</td>
                  <td className={`${td} break-words`}>{m.lastError ?? t("outbox.never")}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <DateTime value={m.sentAt} fallback={t("outbox.never")} />
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
