import { and, asc, desc, eq, lte, sql, type SQL } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { config } from "~/config.server";
import { db, type DbOrTx } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { logger } from "~/lib/logger.server";

export type OutboxMessage = {
  kind:
    "password-reset" | "invite" | "phone-code" | "registration-code" | "registration-attempt" | "contact" | "notice";
  channel?: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
};

export const MAX_ATTEMPTS = 5;

/** Every message is written to the outbox first, in the caller's transaction when it has one. */
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
  // A mail server that stops answering must give up well inside the lease below.
  transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return transporter;
}

/**
 * How long a claimed message belongs to the process sending it. The claim moves its next attempt
 * this far ahead, so no other process (or overlapping timer run) picks it up meanwhile; if the
 * sender dies, the message simply falls due again when the lease runs out.
 */
const LEASE_SECONDS = 5 * 60;
const BATCH_SIZE = 20;

/**
 * The time a run works by: the database's clock, one for every app instance and the same one that
 * stamped the rows (a message written this millisecond is already due), or a given time in tests.
 */
function clockAt(now?: Date): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

function secondsAfter(clock: SQL, seconds: number) {
  return sql`${clock} + make_interval(secs => ${seconds})`;
}

/**
 * Claims the oldest due email in one statement: the row is locked (skipping rows another process
 * has locked), its attempt counted and its lease set, so two concurrent callers never get the same one.
 */
async function claimDueMessage(clock: SQL) {
  const due = db()
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), eq(mailOutbox.channel, "email"), lte(mailOutbox.nextAttemptAt, clock)))
    .orderBy(asc(mailOutbox.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [message] = await db()
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: secondsAfter(clock, LEASE_SECONDS) })
    // A scalar subquery runs once; `id in (...)` may be planned as a join that rescans the locking
    // subquery for every candidate row and so claims them all.
    .where(and(sql`${mailOutbox.id} = (${due})`, eq(mailOutbox.status, "pending")))
    .returning();
  return message as typeof mailOutbox.$inferSelect | undefined;
}

/**
 * Delivers what is due by SMTP (email channel only), each message claimed first so that concurrent
 * runs, in this process or another, never send one twice. A failure backs off (1, 2, 4, 8 minutes)
 * and ends in the failed state after MAX_ATTEMPTS. Without SMTP_URL nothing is touched.
 */
export async function deliverDueMessages(now?: Date) {
  const transport = await getTransporter();
  if (!transport) return 0;
  const clock = clockAt(now);
  let sent = 0;
  for (let i = 0; i < BATCH_SIZE; i++) {
    const message = await claimDueMessage(clock);
    if (!message) break;
    try {
      await transport.sendMail({
        from: config().MAIL_FROM,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
      });
      await db()
        .update(mailOutbox)
        .set({ status: "sent", sentAt: sql`now()`, lastError: null })
        .where(eq(mailOutbox.id, message.id));
      sent++;
    } catch (error) {
      const failed = message.attempts >= MAX_ATTEMPTS;
      await db()
        .update(mailOutbox)
        .set({
          status: failed ? "failed" : "pending",
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextAttemptAt: secondsAfter(clock, 30 * 2 ** message.attempts),
        })
        .where(eq(mailOutbox.id, message.id));
      logger.warn({ outboxId: message.id, attempts: message.attempts, failed }, "mail delivery failed");
    }
  }
  return sent;
}

export function resetMailTransportForTests() {
  transporter = undefined;
}
