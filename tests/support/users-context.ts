import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Role } from "../../app/auth/permissions";
import { toSessionUser } from "../../app/auth/session.server";
import type { SessionUser } from "../../app/context";
import { db, withTransaction } from "../../app/db/client.server";
import { session, user } from "../../app/db/schema";
import { hashPassword, insertUserWithPassword } from "../../app/features/users/create-user.server";

export const TEST_PASSWORD = "correct-horse-battery-9";
let passwordHash: string | undefined;

/** A user with the shared test password, straight into the database; returns its session view. */
export async function makeUser(role: Role, overrides: { email?: string; name?: string } = {}) {
  passwordHash ??= await hashPassword(TEST_PASSWORD);
  const email = overrides.email ?? `${role}-${randomBytes(4).toString("hex")}@example.test`;
  const name = overrides.name ?? `Test ${role}`;
  const hash = passwordHash;
  const id = await withTransaction((tx) => insertUserWithPassword(tx, { email, name, role, passwordHash: hash }));
  return loadSessionUser(id);
}

export async function loadSessionUser(id: string): Promise<SessionUser> {
  const [row] = await db().select().from(user).where(eq(user.id, id));
  return toSessionUser(row);
}

/** A signed-in browser's session row. */
export async function addSession(userId: string) {
  const now = new Date();
  await db()
    .insert(session)
    .values({
      id: crypto.randomUUID(),
      token: randomBytes(24).toString("base64url"),
      userId,
      expiresAt: new Date(now.getTime() + 86_400_000),
      createdAt: now,
      updatedAt: now,
    });
}

export async function sessionCount(userId: string) {
  return (await db().select({ id: session.id }).from(session).where(eq(session.userId, userId))).length;
}
