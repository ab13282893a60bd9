import { and, desc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auth } from "../../app/auth/auth.server";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, mailOutbox, user } from "../../app/db/schema";
import type { UserActionResult } from "../../app/features/users/schema";
import { noMailboxAddress } from "../../app/lib/contact";
import type { Lang } from "../../app/i18n/config";
import { action, loader } from "../../app/routes/manage-users";
import { callRoute, formRequest, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { TEST_PASSWORD, addSession, makeUser, sessionCount } from "../support/users-context";

const test = await useTestDatabase();

async function act(actor: SessionUser | null, fields: Record<string, string>, lang: Lang = "en") {
  const result = await callRoute<UserActionResult>(
    action,
    formRequest("/manage-users", fields),
    routeContext({ user: actor, lang }),
  );
  return { status: result.status, location: result.location, body: result.data! };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

async function load(actor: SessionUser | null, path = "/manage-users") {
  return callRoute<LoaderData>(loader, getRequest(path), routeContext({ user: actor }));
}

/** Loader data for a caller the guard lets through. */
async function loadData(actor: SessionUser, path = "/manage-users") {
  const result = await load(actor, path);
  expect(result.status).toBe(200);
  return result.data!;
}

async function userRow(id: string) {
  const [row] = await db().select().from(user).where(eq(user.id, id));
  return row;
}

async function activityFor(entityId: string) {
  return db().select().from(activity).where(eq(activity.entityId, entityId)).orderBy(activity.id);
}

async function outboxFor(recipient: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(desc(mailOutbox.id));
}

/** A snapshot of everything a user-management action could change. */
async function snapshot() {
  const users = await db().select().from(user).orderBy(user.id);
  const counts = await db().execute(
    sql`select (select count(*) from activity)::int as a, (select count(*) from mail_outbox)::int as m,
               (select count(*) from session)::int as s, (select count(*) from verification)::int as v`,
  );
  return { users: users.map((u) => ({ ...u, updatedAt: u.updatedAt.toISOString() })), counts: counts.rows[0] };
}

function resetLinkToken(body: string) {
  const match = /\/reset-password\?token=([^\s]+)/.exec(body);
  return match ? decodeURIComponent(match[1]) : null;
}

beforeEach(async () => {
  await db().execute(sql`delete from "user"`);
  await db().execute(sql`delete from activity`);
  await db().execute(sql`delete from mail_outbox`);
  await db().execute(sql`delete from verification`);
});

describe(`manage users actions (${test.kind})`, () => {
  it("creates a user with a password, who can then sign in, and records one activity entry", async () => {
    const admin = await makeUser("admin");
    const { status, body } = await act(admin, {
      intent: "create",
      name: "Nora Buyer",
      email: "  Nora@Example.TEST ",
      role: "seller",
      mode: "password",
      password: "a-long-password-1",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, message: "success.created" });
    const [created] = await db().select().from(user).where(eq(user.email, "nora@example.test"));
    expect(created).toMatchObject({ name: "Nora Buyer", role: "seller" });
    const entries = await activityFor(created.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, entityType: "user", action: "created" });
    expect(entries[0].changes).toMatchObject({ role: "seller", invited: false });
    const signIn = await auth().api.signInEmail({
      body: { email: "nora@example.test", password: "a-long-password-1" },
    });
    expect(signIn.user.id).toBe(created.id);
    expect(await outboxFor("nora@example.test")).toHaveLength(0);
  });

  it("invites a user: no usable password, a set-password link in the outbox that works once", async () => {
    const admin = await makeUser("admin");
    const { body } = await act(admin, {
      intent: "create",
      name: "Ivan Invite",
      email: "ivan@example.test",
      role: "customer",
      mode: "invite",
    });
    expect(body).toMatchObject({ ok: true, message: "success.invited" });
    const [created] = await db().select().from(user).where(eq(user.email, "ivan@example.test"));
    expect((await activityFor(created.id))[0].changes).toMatchObject({ invited: true });

    const messages = await outboxFor("ivan@example.test");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: "invite", status: "pending", channel: "email" });
    expect(messages[0].subject).toMatch(/invited/i);
    const token = resetLinkToken(messages[0].body);
    expect(token).toBeTruthy();

    await auth().api.resetPassword({ body: { token: token!, newPassword: "chosen-by-ivan-42" } });
    const signIn = await auth().api.signInEmail({
      body: { email: "ivan@example.test", password: "chosen-by-ivan-42" },
    });
    expect(signIn.user.id).toBe(created.id);
    await expect(
      auth().api.resetPassword({ body: { token: token!, newPassword: "again-by-ivan-42" } }),
    ).rejects.toThrow();
  });

  it("refuses a weak password with the reasons in the admin's language, changing nothing", async () => {
    const admin = await makeUser("admin");
    const before = await snapshot();
    const fields = {
      intent: "create",
      name: "Weak Wendy",
      email: "wendy@example.test",
      role: "customer",
      mode: "password",
    };
    const en = await act(admin, { ...fields, password: "password1" });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ ok: false, errors: { password: "errors.passwordWeak" } });
    const enReasons = en.body.ok ? [] : (en.body.reasons ?? []);
    expect(enReasons.length).toBeGreaterThan(0);
    const es = await act(admin, { ...fields, password: "password1" }, "es");
    const esReasons = es.body.ok ? [] : (es.body.reasons ?? []);
    expect(esReasons.length).toBeGreaterThan(0);
    expect(esReasons).not.toEqual(enReasons);
    // The person's own name is one of the first things a guesser tries.
    const personal = await act(admin, { ...fields, password: "wendywendy" });
    expect(personal.body).toMatchObject({ ok: false, errors: { password: "errors.passwordWeak" } });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a duplicate email and bad input, changing nothing", async () => {
    const admin = await makeUser("admin");
    const existing = await makeUser("customer", { email: "taken@example.test" });
    const before = await snapshot();
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ name: "X", email: "taken@example.test", role: "customer", mode: "invite" }, { email: "errors.emailTaken" }],
      [{ name: "X", email: "x@example.test", role: "superuser", mode: "invite" }, { role: "errors.roleInvalid" }],
      [
        { name: "x".repeat(101), email: "x@example.test", role: "customer", mode: "invite" },
        { name: "errors.nameTooLong" },
      ],
      [
        { name: "<script>alert(1)</script>", email: "x@example.test", role: "customer", mode: "invite" },
        { name: "errors.nameInvalid" },
      ],
      [{ name: "X", email: "not-an-email", role: "customer", mode: "invite" }, { email: "errors.emailInvalid" }],
      [
        { name: "X", email: `${"a".repeat(250)}@example.test`, role: "customer", mode: "invite" },
        { email: "errors.emailTooLong" },
      ],
      [
        { name: "X", email: "x@example.test", role: "customer", mode: "password", password: "short" },
        { password: "errors.passwordTooShort" },
      ],
      [
        { name: "X", email: "x@example.test", role: "customer", mode: "password" },
        { password: "errors.passwordRequired" },
      ],
      [
        { name: "X", email: "x@example.test", role: "customer", mode: "password", password: "p".repeat(129) },
        { password: "errors.passwordTooLong" },
      ],
      [
        { name: "", email: "", role: "customer", mode: "invite" },
        { name: "errors.nameRequired", email: "errors.emailRequired" },
      ],
    ];
    for (const [fields, errors] of cases) {
      const { status, body } = await act(admin, { intent: "create", ...fields });
      expect(status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(body.ok).toBe(false);
      expect(body.ok ? {} : body.errors).toMatchObject(errors);
    }
    const roleCases: Array<[Record<string, string>, number, Record<string, string>]> = [
      [{ intent: "role", userId: existing.id, role: "root" }, 400, { role: "errors.roleInvalid" }],
      [{ intent: "role", userId: "no-such-user", role: "seller" }, 404, { form: "errors.userNotFound" }],
      [{ intent: "disable", userId: "no-such-user" }, 404, { form: "errors.userNotFound" }],
      [{ intent: "enable", userId: "no-such-user" }, 404, { form: "errors.userNotFound" }],
      [{ intent: "reset", userId: "no-such-user" }, 404, { form: "errors.userNotFound" }],
      [{ intent: "disable", userId: existing.id, reason: "r".repeat(201) }, 400, { reason: "errors.reasonTooLong" }],
      [{ intent: "role", userId: "u".repeat(65), role: "seller" }, 400, { userId: "errors.userNotFound" }],
      [{ intent: "drop-table", userId: existing.id }, 400, { form: "errors.unknownAction" }],
      [{ userId: existing.id }, 400, { form: "errors.unknownAction" }],
    ];
    for (const [fields, status, errors] of roleCases) {
      const result = await act(admin, fields);
      expect(result.status, JSON.stringify(fields)).toBe(status);
      expect(result.body.ok ? {} : result.body.errors).toEqual(errors);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("changes a role, ends the target's sessions and writes one activity entry, together", async () => {
    const admin = await makeUser("admin");
    const target = await makeUser("customer");
    await addSession(target.id);
    await addSession(target.id);
    await addSession(admin.id);
    const { body } = await act(admin, { intent: "role", userId: target.id, role: "seller" });
    expect(body).toMatchObject({ ok: true, message: "success.roleChanged" });
    expect((await userRow(target.id)).role).toBe("seller");
    expect(await sessionCount(target.id)).toBe(0);
    expect(await sessionCount(admin.id)).toBe(1);
    const entries = await activityFor(target.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      entityType: "user",
      action: "updated",
      changes: { role: { before: "customer", after: "seller" } },
    });

    const again = await act(admin, { intent: "role", userId: target.id, role: "seller" });
    expect(again.body).toMatchObject({ ok: true, message: "success.unchanged" });
    expect(await activityFor(target.id)).toHaveLength(1);
  });

  it("writes neither the change nor the activity entry when the transaction fails", async () => {
    const admin = await makeUser("admin");
    const target = await makeUser("customer");
    await addSession(target.id);
    await db().execute(sql`create function fail_activity() returns trigger language plpgsql as $$
      begin raise exception 'activity refused'; end $$`);
    await db().execute(
      sql`create trigger fail_activity before insert on activity for each row execute function fail_activity()`,
    );
    try {
      const role = await act(admin, { intent: "role", userId: target.id, role: "admin" });
      expect(role).toMatchObject({ status: 500, body: { ok: false, errors: { form: "errors.unexpected" } } });
      const disable = await act(admin, { intent: "disable", userId: target.id });
      expect(disable.status).toBe(500);
      const created = await act(admin, {
        intent: "create",
        name: "Ghost",
        email: "ghost@example.test",
        role: "customer",
        mode: "invite",
      });
      expect(created.status).toBe(500);
    } finally {
      await db().execute(sql`drop trigger fail_activity on activity`);
      await db().execute(sql`drop function fail_activity()`);
    }
    const row = await userRow(target.id);
    expect(row.role).toBe("customer");
    expect(row.banned).toBe(false);
    expect(await sessionCount(target.id)).toBe(1);
    expect(await activityFor(target.id)).toHaveLength(0);
    expect(await db().select().from(user).where(eq(user.email, "ghost@example.test"))).toHaveLength(0);
    expect(await outboxFor("ghost@example.test")).toHaveLength(0);
  });

  it("disables (signing the person out and blocking sign-in) and enables again", async () => {
    const admin = await makeUser("admin");
    const target = await makeUser("seller");
    await addSession(target.id);
    const { body } = await act(admin, { intent: "disable", userId: target.id, reason: "Left the company" });
    expect(body).toMatchObject({ ok: true, message: "success.disabled" });
    expect(await userRow(target.id)).toMatchObject({ banned: true, banReason: "Left the company" });
    expect(await sessionCount(target.id)).toBe(0);
    await expect(auth().api.signInEmail({ body: { email: target.email, password: TEST_PASSWORD } })).rejects.toThrow();

    const reset = await act(admin, { intent: "reset", userId: target.id });
    expect(reset).toMatchObject({ status: 409, body: { errors: { form: "errors.userDisabled" } } });
    expect(await outboxFor(target.email)).toHaveLength(0);

    const enabled = await act(admin, { intent: "enable", userId: target.id });
    expect(enabled.body).toMatchObject({ ok: true, message: "success.enabled" });
    expect(await userRow(target.id)).toMatchObject({ banned: false, banReason: null });
    const signIn = await auth().api.signInEmail({ body: { email: target.email, password: TEST_PASSWORD } });
    expect(signIn.user.id).toBe(target.id);

    const entries = await activityFor(target.id);
    expect(entries.map((e) => e.changes)).toEqual([
      { disabled: { before: false, after: true }, banReason: { before: null, after: "Left the company" } },
      { disabled: { before: true, after: false }, banReason: { before: "Left the company", after: null } },
    ]);
  });

  it("sends a password reset through the outbox and records who sent it", async () => {
    const admin = await makeUser("admin");
    const target = await makeUser("customer");
    const { body } = await act(admin, { intent: "reset", userId: target.id });
    expect(body).toMatchObject({ ok: true, message: "success.resetSent" });
    const [message] = await outboxFor(target.email);
    expect(message.kind).toBe("password-reset");
    expect(resetLinkToken(message.body)).toBeTruthy();
    const entries = await activityFor(target.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, changes: { passwordResetSent: true } });
  });

  it("shows a phone-only account by its number, finds it by that number and sends it no reset link", async () => {
    const admin = await makeUser("admin");
    const target = await makeUser("customer", { email: noMailboxAddress(), name: "Pedro Phone" });
    await db().update(user).set({ phoneNumber: "+19545550177" }).where(eq(user.id, target.id));

    const { list } = await loadData(admin, `/manage-users?q=${encodeURIComponent("(954) 555-0177")}`);
    expect(list!.users).toEqual([
      expect.objectContaining({ id: target.id, email: null, phoneNumber: "(954) 555-0177" }),
    ]);

    const reset = await act(admin, { intent: "reset", userId: target.id });
    expect(reset).toMatchObject({ status: 409, body: { errors: { form: "errors.noMailbox" } } });
    expect(await outboxFor(target.email)).toHaveLength(0);

    await act(admin, { intent: "role", userId: target.id, role: "seller" });
    const [entry] = await activityFor(target.id);
    expect(entry.summary).toBe("(954) 555-0177");
  });

  it("never lets the last active admin lose the role or be disabled; no admin disables themself", async () => {
    const admin = await makeUser("admin");
    await addSession(admin.id);
    const demoteSelf = await act(admin, { intent: "role", userId: admin.id, role: "seller" });
    expect(demoteSelf).toMatchObject({ status: 409, body: { errors: { form: "errors.lastAdmin" } } });
    const disableSelf = await act(admin, { intent: "disable", userId: admin.id });
    expect(disableSelf).toMatchObject({ status: 409, body: { errors: { form: "errors.cannotDisableSelf" } } });

    const second = await makeUser("admin");
    const disabledSecond = await act(admin, { intent: "disable", userId: second.id });
    expect(disabledSecond.body.ok).toBe(true);
    // The other admin is disabled, so this one is still the last active admin.
    const demoteAgain = await act(admin, { intent: "role", userId: admin.id, role: "customer" });
    expect(demoteAgain.body).toMatchObject({ ok: false, errors: { form: "errors.lastAdmin" } });
    const disableFirst = await act(second, { intent: "disable", userId: admin.id });
    expect(disableFirst.body).toMatchObject({ ok: false, errors: { form: "errors.lastAdmin" } });

    await act(admin, { intent: "enable", userId: second.id });
    const demoteNow = await act(admin, { intent: "role", userId: admin.id, role: "seller" });
    expect(demoteNow.body).toMatchObject({ ok: true, message: "success.roleChanged" });
    expect(await sessionCount(admin.id)).toBe(0);
    expect((await userRow(admin.id)).role).toBe("seller");
    expect((await userRow(second.id)).role).toBe("admin");
  });

  it("lets exactly one of two admins demoting each other at the same time succeed", async () => {
    const { changeUserRole } = await import("../../app/features/users/manage-users.server");
    const a = await makeUser("admin");
    const b = await makeUser("admin");
    // Holding each update open widens the window in which two unlocked checks would both pass.
    await db().execute(sql`create function slow_update() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.3); return new; end $$`);
    await db().execute(
      sql`create trigger slow_update before update on "user" for each row execute function slow_update()`,
    );
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled([
        changeUserRole({ id: a.id }, { userId: b.id, role: "seller" }),
        changeUserRole({ id: b.id }, { userId: a.id, role: "seller" }),
      ]);
    } finally {
      await db().execute(sql`drop trigger slow_update on "user"`);
      await db().execute(sql`drop function slow_update()`);
    }
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toMatchObject({ code: "errors.lastAdmin" });
    const admins = await db().select().from(user).where(eq(user.role, "admin"));
    expect(admins).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(activity)
        .where(and(eq(activity.entityType, "user"), eq(activity.action, "updated"))),
    ).toHaveLength(1);
  });
});

describe(`manage users permissions (${test.kind})`, () => {
  it("sends sellers and customers to /unauthorized and anonymous visitors to /login", async () => {
    const seller = await makeUser("seller");
    const customer = await makeUser("customer");
    for (const who of [seller, customer]) {
      expect(await load(who)).toMatchObject({ status: 302, location: "/unauthorized" });
      expect(await load(who, "/manage-users?view=outbox")).toMatchObject({
        status: 302,
        location: "/unauthorized",
      });
    }
    expect(await load(null, "/manage-users?q=a")).toMatchObject({
      status: 302,
      location: `/login?redirectTo=${encodeURIComponent("/manage-users?q=a")}`,
    });
  });

  it("answers 403 to every action from a seller or customer and changes nothing", async () => {
    const admin = await makeUser("admin");
    const seller = await makeUser("seller");
    const customer = await makeUser("customer");
    await addSession(admin.id);
    const before = await snapshot();
    const attempts: Record<string, string>[] = [
      {
        intent: "create",
        name: "Mallory",
        email: "mallory@example.test",
        role: "admin",
        mode: "password",
        password: "mallory-pass-1",
      },
      { intent: "role", userId: seller.id, role: "admin" },
      { intent: "role", userId: customer.id, role: "admin" },
      { intent: "role", userId: admin.id, role: "customer" },
      { intent: "disable", userId: admin.id },
      { intent: "enable", userId: admin.id },
      { intent: "reset", userId: admin.id },
    ];
    for (const who of [seller, customer]) {
      for (const fields of attempts) {
        expect(await act(who, fields), `${who.role} ${fields.intent}`).toMatchObject({
          status: 403,
          location: null,
        });
      }
    }
    for (const fields of attempts) {
      expect((await act(null, fields)).status).toBe(302);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe(`manage users list and outbox (${test.kind})`, () => {
  it("searches by name or email and pages on the server", async () => {
    const admin = await makeUser("admin", { name: "Root Person" });
    for (let i = 0; i < 25; i++) await makeUser("customer", { name: `Buyer ${String(i).padStart(2, "0")}` });
    await makeUser("seller", { email: "special.seller@example.test", name: "Somebody" });

    const first = await loadData(admin, "/manage-users?q=buyer");
    expect(first.list).toMatchObject({ total: 25, page: 1, pageCount: 2 });
    expect(first.list!.users).toHaveLength(20);
    const second = await loadData(admin, "/manage-users?q=BUYER&page=2");
    expect(second.list!.users).toHaveLength(5);
    expect(second.list!.users.every((u) => u.name.startsWith("Buyer"))).toBe(true);
    const beyond = await loadData(admin, "/manage-users?q=buyer&page=99");
    expect(beyond.list!.page).toBe(2);

    const byEmail = await loadData(admin, "/manage-users?q=special.seller");
    expect(byEmail.list!.users.map((u) => u.name)).toEqual(["Somebody"]);
    const wildcard = await loadData(admin, "/manage-users?q=%25");
    expect(wildcard.list!.total).toBe(0);
    const junk = await loadData(admin, `/manage-users?q=${"z".repeat(500)}&page=-3`);
    expect(junk.list).toMatchObject({ q: "", page: 1 });

    const row = first.list!.users[0];
    expect(row).toMatchObject({ role: "customer", disabled: false, phoneNumber: null, lastSignInAt: null });
    expect(new Date(row.createdAt).toString()).not.toBe("Invalid Date");
  });

  it("shows the outbox with each message's state and body to admins", async () => {
    const admin = await makeUser("admin");
    const target = await makeUser("customer");
    await act(admin, { intent: "reset", userId: target.id });
    const data = await loadData(admin, "/manage-users?view=outbox");
    expect(data.view).toBe("outbox");
    expect(data.messages).toHaveLength(1);
    expect(data.messages[0]).toMatchObject({
      kind: "password-reset",
      channel: "email",
      recipient: target.email,
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(resetLinkToken(data.messages[0].body ?? "")).toBeTruthy();
  });
});
