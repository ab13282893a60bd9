import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { config } from "~/config.server";
import { db, type DbOrTx } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { logger } from "~/lib/logger.server";

export type OutboxMessage = {
  kind: "password-reset" | "invite" | "phone-code" | "contact" | "notice";
  channel?: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
};

const MAX_ATTEMPTS = 5;

/** D16: every message is written to the outbox first, in the caller's transaction when it has one. */
export async function enqueueMessage(tx: DbOrTx, message: OutboxMessage) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...message, channel: message.channel ?? "email" })
    .returning({ id: mailOutbox.id });
  if (config().NODE_ENV === "development") {
    logger.info({ outboxId: row.id, to: message.recipient, kind: message.kind }, `outbox: ${message.body}`);
  }
  return row.id;
}

export async function listOutbox({ limit = 50, offset = 0 } = {}) {
  return db()
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit)
    .offset(offset);
}

let transporter: Transporter | null | undefined;

async function getTransporter(): Promise<Transporter | null> {
  if (transporter !== undefined) return transporter;
  const url = config().SMTP_URL;
  if (!url) return (transporter = null);
  const nodemailer = await import("nodemailer");
  transporter = nodemailer.createTransport(url);
  return transporter;
}

/** Deliver what is due; failures back off and end in the failed state after MAX_ATTEMPTS. */
export async function deliverDueMessages(now = new Date()) {
  const transport = await getTransporter();
  if (!transport) return 0;
  const due = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), eq(mailOutbox.channel, "email"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.id))
    .limit(20);
  let sent = 0;
  for (const message of due) {
    try {
      await transport.sendMail({
        from: config().MAIL_FROM,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
      });
      await db()
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: message.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, message.id));
      sent++;
    } catch (error) {
      const attempts = message.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      await db()
        .update(mailOutbox)
        .set({
          status: failed ? "failed" : "pending",
          attempts,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextAttemptAt: sql`now() + make_interval(secs => ${30 * 2 ** attempts})`,
        })
        .where(eq(mailOutbox.id, message.id));
      logger.warn({ outboxId: message.id, attempts, failed }, "mail delivery failed");
    }
  }
  return sent;
}

export function resetMailTransportForTests() {
  transporter = undefined;
}
