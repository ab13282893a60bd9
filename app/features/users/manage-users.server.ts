import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import { asInvitation, auth } from "~/auth/auth.server";
import { isRole, type Role } from "~/auth/permissions";
import { db, withTransaction, type Tx } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { session, user } from "~/db/schema";
import { contactOf, formatPhone, normalizePhone } from "~/features/account/phone";
import { recordActivity } from "~/features/activity/record.server";
import { notifySessionsEnded } from "~/features/price-lists/events.server";
import { hasMailbox } from "~/lib/contact";
import { logger } from "~/lib/logger.server";
import { Refusal } from "~/lib/refusal";
import { withRefusals } from "~/lib/refusal.server";
import { emailTaken, hashPassword, insertUserWithPassword } from "./create-user.server";
import {
  USERS_PAGE_SIZE,
  type CreateUserInput,
  type UserAction,
  type FieldErrors,
  type UserActionResult,
  type UserSearch,
  type UsersErrorKey,
  type UsersSuccessKey,
} from "./schema";
import type { UserRowView } from "./types";

export type Actor = { id: string };

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Users matching a name or email fragment or a phone number, newest first, one page at a time. */
export async function listUsers({ q, page }: UserSearch) {
  const pattern = `%${escapeLike(q)}%`;
  const phone = normalizePhone(q);
  const where = q
    ? or(ilike(user.name, pattern), ilike(user.email, pattern), phone ? eq(user.phoneNumber, phone) : undefined)
    : undefined;
  const [{ total }] = await db().select({ total: count() }).from(user).where(where);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await db()
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phoneNumber,
      role: user.role,
      banned: user.banned,
      banReason: user.banReason,
      createdAt: user.createdAt,
      lastSignInAt: user.lastSignInAt,
    })
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), asc(user.id))
    .limit(USERS_PAGE_SIZE)
    .offset((current - 1) * USERS_PAGE_SIZE);
  const users: UserRowView[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: hasMailbox(r.email) ? r.email : null,
    phoneNumber: r.phoneNumber ? formatPhone(r.phoneNumber) : null,
    role: isRole(r.role) ? r.role : "customer",
    disabled: r.banned === true,
    banReason: r.banReason,
    createdAt: r.createdAt.toISOString(),
    lastSignInAt: r.lastSignInAt ? r.lastSignInAt.toISOString() : null,
  }));
  return { users, total, page: current, pageCount, q };
}

const isActive = sql`coalesce(${user.banned}, false) = false`;

/**
 * Locks every admin row (in id order, so two callers never deadlock). Whoever holds these locks
 * is the only one deciding whether an admin remains; a concurrent demotion waits and then sees
 * the committed result. Every user change here takes them first, so the lock order is always the
 * same. "No key update" still lets the activity row's foreign key check read the actor's row.
 */
async function lockAdmins(tx: Tx) {
  await tx.select({ id: user.id }).from(user).where(eq(user.role, "admin")).orderBy(asc(user.id)).for("no key update");
}

async function lockUser(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: user.id,
      email: user.email,
      phoneNumber: user.phoneNumber,
      role: user.role,
      banned: user.banned,
      banReason: user.banReason,
    })
    .from(user)
    .where(eq(user.id, id))
    .for("no key update");
  if (!row) throw new Refusal<UsersErrorKey>("errors.userNotFound", 404);
  return row;
}

async function assertAnotherActiveAdmin(tx: Tx, exceptId: string) {
  const [{ others }] = await tx
    .select({ others: count() })
    .from(user)
    .where(and(eq(user.role, "admin"), isActive, ne(user.id, exceptId)));
  if (others === 0) throw new Refusal<UsersErrorKey>("errors.lastAdmin", 409);
}

/**
 * Deleting the rows signs the person out at once: sessions are not cached
 * (docs/decisions/004-sessions.md).
 */
async function endSessions(tx: Tx, userId: string) {
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  await notifySessionsEnded(tx, userId);
  return ended.length;
}

/** Creates the account and its activity entry together; an invite then mails a set-password link. */
export async function createUser(actor: Actor, input: CreateUserInput, headers: Headers) {
  const invite = input.mode === "invite";
  // An invited account gets a random secret nobody knows; hashing stays outside the transaction.
  const passwordHash = await hashPassword(invite ? randomBytes(32).toString("base64url") : (input.password ?? ""));
  let id: string;
  try {
    id = await withTransaction(async (tx) => {
      const newId = await insertUserWithPassword(tx, {
        email: input.email,
        name: input.name,
        role: input.role,
        passwordHash,
      });
      await recordActivity(tx, {
        actorId: actor.id,
        entityType: "user",
        entityId: newId,
        action: "created",
        summary: input.email,
        changes: { name: input.name, email: input.email, role: input.role, invited: invite },
      });
      return newId;
    });
  } catch (error) {
    // Another admin may create the same email between the check and the insert.
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
  if (!invite) return { id, invited: false, inviteSent: false };
  try {
    await asInvitation(() => auth().api.requestPasswordReset({ body: { email: input.email }, headers }));
    return { id, invited: true, inviteSent: true };
  } catch (error) {
    logger.error({ err: error, userId: id }, "invite mail could not be queued");
    return { id, invited: true, inviteSent: false };
  }
}

/** Changes the role, ends the person's sessions and records it, all in one transaction. */
export async function changeUserRole(actor: Actor, input: { userId: string; role: Role }) {
  return withTransaction(async (tx) => {
    await lockAdmins(tx);
    const target = await lockUser(tx, input.userId);
    if (target.role === input.role) return { changed: false, sessionsEnded: 0 };
    if (target.role === "admin") await assertAnotherActiveAdmin(tx, target.id);
    await tx.update(user).set({ role: input.role, updatedAt: new Date() }).where(eq(user.id, target.id));
    const sessionsEnded = await endSessions(tx, target.id);
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "user",
      entityId: target.id,
      action: "updated",
      summary: contactOf(target),
      changes: { role: { before: target.role, after: input.role } },
    });
    return { changed: true, sessionsEnded };
  });
}

/** Disables sign-in (better-auth's ban) and ends every session; never the last active admin or oneself. */
export async function disableUser(actor: Actor, input: { userId: string; reason?: string }) {
  if (input.userId === actor.id) throw new Refusal<UsersErrorKey>("errors.cannotDisableSelf", 409);
  const reason = input.reason ? input.reason : null;
  return withTransaction(async (tx) => {
    await lockAdmins(tx);
    const target = await lockUser(tx, input.userId);
    if (target.banned === true && target.banReason === reason) return { changed: false, sessionsEnded: 0 };
    if (target.role === "admin" && target.banned !== true) await assertAnotherActiveAdmin(tx, target.id);
    await tx
      .update(user)
      .set({ banned: true, banReason: reason, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    const sessionsEnded = await endSessions(tx, target.id);
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "user",
      entityId: target.id,
      action: "updated",
      summary: contactOf(target),
      changes: {
        disabled: { before: target.banned === true, after: true },
        ...(target.banReason !== reason ? { banReason: { before: target.banReason, after: reason } } : {}),
      },
    });
    return { changed: true, sessionsEnded };
  });
}

export async function enableUser(actor: Actor, input: { userId: string }) {
  return withTransaction(async (tx) => {
    await lockAdmins(tx);
    const target = await lockUser(tx, input.userId);
    if (target.banned !== true) return { changed: false };
    await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, target.id));
    await recordActivity(tx, {
      actorId: actor.id,
      entityType: "user",
      entityId: target.id,
      action: "updated",
      summary: contactOf(target),
      changes: { disabled: { before: true, after: false }, banReason: { before: target.banReason, after: null } },
    });
    return { changed: true };
  });
}

/** Queues a reset link through the outbox (auth writes the message), then records who sent it. */
export async function sendPasswordReset(actor: Actor, input: { userId: string }, headers: Headers) {
  const [target] = await db()
    .select({ id: user.id, email: user.email, phoneNumber: user.phoneNumber, banned: user.banned })
    .from(user)
    .where(eq(user.id, input.userId));
  if (!target) throw new Refusal<UsersErrorKey>("errors.userNotFound", 404);
  if (target.banned === true) throw new Refusal<UsersErrorKey>("errors.userDisabled", 409);
  if (!hasMailbox(target.email)) throw new Refusal<UsersErrorKey>("errors.noMailbox", 409);
  await auth().api.requestPasswordReset({ body: { email: target.email }, headers });
  await withTransaction((tx) =>
    recordActivity(tx, {
      actorId: actor.id,
      entityType: "user",
      entityId: target.id,
      action: "updated",
      summary: contactOf(target),
      changes: { passwordResetSent: true },
    }),
  );
}

/** Does one validated action of the manage-users page and says what happened, as translation keys. */
async function performUserAction(actor: Actor, action: UserAction, headers: Headers): Promise<UserActionResult> {
  const intent = action.intent;
  // Asking for what already is (the same role, an account already enabled) is no error: it says so.
  const changedOrNot = (done: { changed: boolean }, message: UsersSuccessKey): UserActionResult => ({
    ok: true,
    intent,
    tone: "success",
    message: done.changed ? message : "success.unchanged",
  });
  switch (action.intent) {
    case "create": {
      const result = await createUser(actor, action, headers);
      const values = { email: action.email };
      if (!result.invited) return { ok: true, intent, tone: "success", message: "success.created", values };
      if (result.inviteSent) return { ok: true, intent, tone: "success", message: "success.invited", values };
      return { ok: true, intent, tone: "warning", message: "success.createdInviteFailed", values };
    }
    case "role":
      return changedOrNot(await changeUserRole(actor, action), "success.roleChanged");
    case "disable":
      return changedOrNot(await disableUser(actor, action), "success.disabled");
    case "enable":
      return changedOrNot(await enableUser(actor, action), "success.enabled");
    case "reset": {
      await sendPasswordReset(actor, action, headers);
      return { ok: true, intent, tone: "success", message: "success.resetSent" };
    }
  }
}

/** Runs one validated action of the manage-users page; a refusal is shown beside its field, or above the form. */
export async function runUserAction(actor: Actor, action: UserAction, headers: Headers): Promise<UserActionResult> {
  const intent = action.intent;
  const { result } = await withRefusals<UserActionResult>(() => performUserAction(actor, action, headers), {
    log: "user management action failed",
    context: { intent, actorId: actor.id },
    failed: { ok: false, intent, status: 500, errors: { form: "errors.unexpected" } },
    refused: (refusal) => ({
      ok: false,
      intent,
      status: refusal.status,
      errors: (refusal.fieldErrors ?? { form: refusal.code }) as FieldErrors,
    }),
  });
  return result;
}
