import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../app/config.server";
import { db } from "../../app/db/client.server";
import { mailOutbox } from "../../app/db/schema";
import {
  MAX_ATTEMPTS,
  deliverDueMessages,
  enqueueMessage,
  resetMailTransportForTests,
  type OutboxMessage,
} from "../../app/services/mail/outbox.server";
import { useTestDatabase } from "../support/test-db";

const MAIL_FROM = "Pompano Test Desk <desk@pompano.test>";

type Received = { mailFrom: string; rcptTo: string[]; headers: Record<string, string>; body: string };

/** What the mail server does with the next messages: take them, refuse the recipient, or refuse the data. */
let mode: "accept" | "reject-recipient" | "reject-data" = "accept";
/** How long the server waits before confirming a message (to make two senders overlap). */
let confirmDelayMs = 0;
const received: Received[] = [];

function smtpError(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode });
}

function decodeBytes(text: string) {
  return Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as a mail client shows them. */
function decodeWords(value: string) {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeBytes(text.replace(/_/g, " ")).toString("utf8"),
    );
}

/** Splits a raw message into decoded headers and its decoded text body. */
function parseMessage(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4);
  const encoding = headers["content-transfer-encoding"]?.toLowerCase();
  if (encoding === "quoted-printable") body = decodeBytes(body.replace(/=\r\n/g, "")).toString("utf8");
  if (encoding === "base64") body = Buffer.from(body, "base64").toString("utf8");
  return { headers, body: body.replace(/\r\n/g, "\n") };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["AUTH", "STARTTLS"],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (mode === "reject-recipient") return callback(smtpError("No such mailbox here", 550));
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      if (mode === "reject-data") return callback(smtpError("Mailbox busy, try again later", 451));
      const { headers, body } = parseMessage(Buffer.concat(chunks).toString("latin1"));
      received.push({
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        rcptTo: session.envelope.rcptTo.map((r) => r.address),
        headers,
        body,
      });
      setTimeout(() => callback(), confirmDelayMs);
    });
  },
});
smtp.listen(0, "127.0.0.1");
await once(smtp.server, "listening");
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

process.env.SMTP_URL = smtpUrl;
process.env.MAIL_FROM = MAIL_FROM;
resetConfigForTests();

const test = await useTestDatabase();

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetConfigForTests();
  resetMailTransportForTests();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(async () => {
  await db().delete(mailOutbox);
  received.length = 0;
  mode = "accept";
  confirmDelayMs = 0;
  process.env.SMTP_URL = smtpUrl;
  resetConfigForTests();
  resetMailTransportForTests();
});

function message(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    kind: "notice",
    recipient: "buyer@example.test",
    subject: "Your order list",
    body: "Hello,\n\nThe new price list is ready.\n",
    ...overrides,
  };
}

async function outboxRow(id: number) {
  const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/**
 * A moment at which a new message is due: the database stamped it in microseconds, a Date keeps
 * milliseconds, so one millisecond later. The runs below count from there.
 */
async function dueTime(id: number) {
  return new Date((await outboxRow(id)).nextAttemptAt.getTime() + 1);
}

const minutes = (n: number) => n * 60_000;

describe(`SMTP delivery of the mail outbox (${test.kind})`, () => {
  it("delivers a pending message to the mail server and marks it sent", async () => {
    const id = await enqueueMessage(db(), message());
    const before = Date.now();

    expect(await deliverDueMessages()).toBe(1);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.mailFrom).toBe("desk@pompano.test");
    expect(mail.rcptTo).toEqual(["buyer@example.test"]);
    expect(mail.headers.from).toBe(MAIL_FROM);
    expect(mail.headers.to).toBe("buyer@example.test");
    expect(mail.headers.subject).toBe("Your order list");
    expect(mail.body.trimEnd()).toBe("Hello,\n\nThe new price list is ready.");

    const row = await outboxRow(id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeNull();
    expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.sentAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // A sent message is not sent again.
    expect(await deliverDueMessages(new Date(Date.now() + minutes(60)))).toBe(0);
    expect(received).toHaveLength(1);
  });

  it("keeps Spanish subjects and bodies intact", async () => {
    const link = `https://example.test/reset-password?token=${"a1".repeat(30)}`;
    await enqueueMessage(
      db(),
      message({
        kind: "password-reset",
        recipient: "ana@example.test",
        subject: "Restablezca su contraseña de Pompano",
        body: `Hola Ana:\n\nAbra este enlace para elegir una contraseña nueva: ${link}\n\nSi no lo pidió, ignore este mensaje.\n`,
      }),
    );
    expect(await deliverDueMessages()).toBe(1);
    expect(received[0].headers.subject).toBe("Restablezca su contraseña de Pompano");
    expect(received[0].body).toContain(`Abra este enlace para elegir una contraseña nueva: ${link}`);
    expect(received[0].body).toContain("Si no lo pidió, ignore este mensaje.");
  });

  it("leaves a refused message pending with the error and a later attempt, then retries it", async () => {
    const id = await enqueueMessage(db(), message());
    mode = "reject-recipient";
    const now = await dueTime(id);

    expect(await deliverDueMessages(now)).toBe(0);
    expect(received).toHaveLength(0);
    const refused = await outboxRow(id);
    expect(refused.status).toBe("pending");
    expect(refused.attempts).toBe(1);
    expect(refused.lastError).toMatch(/No such mailbox here/);
    expect(refused.sentAt).toBeNull();
    expect(refused.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());

    // Not due yet: the next run leaves it alone, even with the server accepting again.
    mode = "accept";
    expect(await deliverDueMessages(new Date(now.getTime() + 1000))).toBe(0);
    expect((await outboxRow(id)).attempts).toBe(1);

    // Once due, the retry delivers it.
    expect(await deliverDueMessages(new Date(refused.nextAttemptAt.getTime() + 1000))).toBe(1);
    const sent = await outboxRow(id);
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
    expect(received.map((m) => m.rcptTo)).toEqual([["buyer@example.test"]]);
  });

  it("backs off longer after each refusal and marks the message failed after the last attempt", async () => {
    const id = await enqueueMessage(db(), message());
    mode = "reject-data";
    let now = await dueTime(id);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueMessages(now)).toBe(0);
      const row = await outboxRow(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toMatch(/Mailbox busy, try again later/);
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? "pending" : "failed");
      waits.push(row.nextAttemptAt.getTime() - now.getTime());
      now = new Date(row.nextAttemptAt.getTime() + 1000);
    }
    expect(waits.slice(0, -1)).toEqual([1, 2, 4, 8].map((n) => n * 60_000));

    // A failed message is never tried again.
    mode = "accept";
    expect(await deliverDueMessages(new Date(now.getTime() + minutes(24 * 60)))).toBe(0);
    const failed = await outboxRow(id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(MAX_ATTEMPTS);
    expect(failed.sentAt).toBeNull();
    expect(received).toHaveLength(0);
  });

  it("does not send SMS-channel messages by mail", async () => {
    const sms = await enqueueMessage(
      db(),
      message({ kind: "phone-code", channel: "sms", recipient: "+19545550142", body: "Code 123456" }),
    );
    const email = await enqueueMessage(db(), message());

    expect(await deliverDueMessages()).toBe(1);
    expect(received.map((m) => m.rcptTo)).toEqual([["buyer@example.test"]]);
    expect((await outboxRow(email)).status).toBe("sent");
    const smsRow = await outboxRow(sms);
    expect(smsRow.status).toBe("pending");
    expect(smsRow.attempts).toBe(0);
    expect(smsRow.lastError).toBeNull();
  });

  it("sends nothing and changes nothing without SMTP_URL", async () => {
    delete process.env.SMTP_URL;
    resetConfigForTests();
    resetMailTransportForTests();
    const id = await enqueueMessage(db(), message());
    const before = await outboxRow(id);

    expect(await deliverDueMessages(new Date(Date.now() + minutes(60)))).toBe(0);
    expect(received).toHaveLength(0);
    expect(await outboxRow(id)).toEqual(before);
  });

  it("sends each message once when two deliveries run at the same time", async () => {
    const recipients = Array.from({ length: 6 }, (_, i) => `buyer-${i}@example.test`);
    for (const recipient of recipients) await enqueueMessage(db(), message({ recipient }));
    // The server takes a while over each message, so the two runs overlap for the whole batch.
    confirmDelayMs = 150;

    const first = deliverDueMessages();
    // While the first run is sending, the message it holds is leased: counted and not due.
    await new Promise((resolve) => setTimeout(resolve, 75));
    const second = deliverDueMessages();
    const [a, b] = await Promise.all([first, second]);

    expect(a + b).toBe(recipients.length);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(received.map((m) => m.rcptTo[0]).sort()).toEqual([...recipients].sort());
    const rows = await db().select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(recipients.map(() => ["sent", 1]));
  });

  it("leaves a message another process is sending until its lease runs out", async () => {
    const id = await enqueueMessage(db(), message());
    confirmDelayMs = 300;
    const now = await dueTime(id);
    const sending = deliverDueMessages(now);
    // Wait until the message has reached the server: it is claimed and being sent.
    await expect.poll(() => received.length, { interval: 10, timeout: 5000 }).toBe(1);

    const claimed = await outboxRow(id);
    expect(claimed.status).toBe("pending");
    expect(claimed.attempts).toBe(1);
    expect(claimed.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime() + minutes(4));
    expect(await deliverDueMessages(new Date(now.getTime() + minutes(1)))).toBe(0);

    expect(await sending).toBe(1);
    expect(received).toHaveLength(1);
    expect((await outboxRow(id)).status).toBe("sent");
  });

  it("delivers a message whose sender died once its lease has run out", async () => {
    const id = await enqueueMessage(db(), message());
    const now = await dueTime(id);
    // As a claim leaves it: one attempt counted, held for the lease, but the sender never finished.
    await db()
      .update(mailOutbox)
      .set({ attempts: 1, nextAttemptAt: new Date(now.getTime() + minutes(5)) })
      .where(eq(mailOutbox.id, id));

    expect(await deliverDueMessages(new Date(now.getTime() + minutes(4)))).toBe(0);
    expect(await deliverDueMessages(new Date(now.getTime() + minutes(6)))).toBe(1);
    const row = await outboxRow(id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(2);
  });
});
