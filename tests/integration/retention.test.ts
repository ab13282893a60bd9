import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consumeRateLimit } from "../../app/auth/rate-limit.server";
import { db } from "../../app/db/client.server";
import {
  assistantConversation,
  assistantMessage,
  assistantProposal,
  mailOutbox,
  rateLimit,
  session,
  verification,
} from "../../app/db/schema";
import { enqueueMessage } from "../../app/services/mail/outbox.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";
import { pruneExpiredRows } from "../../app/setup/retention.server";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

async function insertSession(userId: string, expiresAt: Date) {
  const id = crypto.randomUUID();
  const created = new Date(expiresAt.getTime() - 7 * DAY);
  await db()
    .insert(session)
    .values({
      id,
      token: randomBytes(24).toString("base64url"),
      userId,
      expiresAt,
      createdAt: created,
      updatedAt: created,
    });
  return id;
}

async function insertVerification(identifier: string, expiresAt: Date) {
  const id = crypto.randomUUID();
  await db().insert(verification).values({ id, identifier, value: "someone", expiresAt });
  return id;
}

describe(`retention (${test.kind})`, () => {
  it("removes expired sessions, expired verification rows, old rate-limit rows and unused conversations, and keeps the rest", async () => {
    const now = new Date();
    const person = await makeUser("customer");

    const expiredSessions = [
      await insertSession(person.id, new Date(now.getTime() - 30 * DAY)),
      await insertSession(person.id, new Date(now.getTime() - 1000)),
    ];
    const liveSessions = [
      await insertSession(person.id, new Date(now.getTime() + 1000)),
      await insertSession(person.id, new Date(now.getTime() + 7 * DAY)),
    ];

    const usedUp = [
      await insertVerification("reset-password:old-link", new Date(now.getTime() - 2 * DAY)),
      await insertVerification("phone-code:+19545550142", new Date(now.getTime() - 1000)),
    ];
    const stillValid = [await insertVerification("reset-password:new-link", new Date(now.getTime() + HOUR))];

    // Counters: two whose windows began days ago, one from earlier today, one counted just now.
    await db()
      .insert(rateLimit)
      .values([
        { key: "sign-in:198.51.100.7", count: 3, windowStart: now.getTime() - 3 * DAY },
        { key: "contact:198.51.100.8", count: 1, windowStart: now.getTime() - DAY - 60_000 },
        { key: "register:198.51.100.9", count: 2, windowStart: now.getTime() - 2 * HOUR },
      ]);
    await consumeRateLimit("password-reset", "198.51.100.10", now.getTime());

    // Mail sent long ago stays: admins read it in the outbox.
    const oldMail = await enqueueMessage(db(), {
      kind: "notice",
      recipient: "buyer@example.test",
      subject: "Old news",
      body: "Sent a year ago.",
    });
    await db()
      .update(mailOutbox)
      .set({
        status: "sent",
        sentAt: new Date(now.getTime() - 365 * DAY),
        createdAt: new Date(now.getTime() - 365 * DAY),
      })
      .where(eq(mailOutbox.id, oldMail));

    // Assistant conversations: one untouched for half a year and a day goes, one used last week stays.
    const [oldConversation, recentConversation] = await db()
      .insert(assistantConversation)
      .values([
        { userId: person.id, title: "Herbs last spring", updatedAt: new Date(now.getTime() - 181 * DAY) },
        { userId: person.id, title: "Limes", updatedAt: new Date(now.getTime() - 7 * DAY) },
      ])
      .returning({ id: assistantConversation.id });
    await db().insert(assistantMessage).values({ conversationId: oldConversation.id, role: "user", content: "herbs?" });
    // A proposal settled half a year ago goes; one made today stays.
    const list = await createPriceList(person, emptyListInput("Retention"));
    const proposal = (updatedAt: Date) => ({
      userId: person.id,
      priceListId: list.id,
      request: "raise basil by 1",
      items: [],
      status: "applied" as const,
      expiresAt: updatedAt,
      updatedAt,
    });
    const [, recentProposal] = await db()
      .insert(assistantProposal)
      .values([proposal(new Date(now.getTime() - 181 * DAY)), proposal(now)])
      .returning({ id: assistantProposal.id });

    expect(await pruneExpiredRows(now)).toEqual({
      sessions: 2,
      verifications: 2,
      rateLimits: 2,
      conversations: 1,
      proposals: 1,
    });

    const sessions = await db()
      .select({ id: session.id })
      .from(session)
      .where(inArray(session.id, [...expiredSessions, ...liveSessions]));
    expect(sessions.map((s) => s.id).sort()).toEqual([...liveSessions].sort());

    const verifications = await db()
      .select({ id: verification.id })
      .from(verification)
      .where(inArray(verification.id, [...usedUp, ...stillValid]));
    expect(verifications.map((v) => v.id)).toEqual(stillValid);

    const counters = await db().select({ key: rateLimit.key }).from(rateLimit);
    expect(counters.map((c) => c.key).sort()).toEqual(["password-reset:198.51.100.10", "register:198.51.100.9"]);

    const conversations = await db().select({ id: assistantConversation.id }).from(assistantConversation);
    expect(conversations).toEqual([recentConversation]);
    expect(await db().select().from(assistantMessage)).toEqual([]);
    expect(await db().select({ id: assistantProposal.id }).from(assistantProposal)).toEqual([recentProposal]);

    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, oldMail));
    expect(mail.status).toBe("sent");

    // Nothing more to remove on a second run.
    expect(await pruneExpiredRows(now)).toEqual({
      sessions: 0,
      verifications: 0,
      rateLimits: 0,
      conversations: 0,
      proposals: 0,
    });
  });
});
