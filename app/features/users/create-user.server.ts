import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { auth } from "~/auth/auth.server";
import type { Role } from "~/auth/permissions";
import type { DbOrTx } from "~/db/client.server";
import { account, user } from "~/db/schema";
import { Refusal } from "~/lib/refusal";
import type { UsersErrorKey } from "./schema";

export async function hashPassword(password: string) {
  const ctx = await auth().$context;
  return ctx.password.hash(password);
}

/** Another account has this email; the admin's form says so beside the email field. */
export function emailTaken() {
  return new Refusal<UsersErrorKey>("errors.emailTaken", 409, { fieldErrors: { email: "errors.emailTaken" } });
}

/**
 * Creates an account with a credential. Without a password the credential holds an unusable
 * random one, and the person sets theirs through a reset (invite) link.
 */
export async function insertUserWithPassword(
  tx: DbOrTx,
  input: { email: string; name: string; role: Role; password?: string; passwordHash?: string; locale?: string },
) {
  const email = input.email.trim().toLowerCase();
  const existing = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing.length > 0) throw emailTaken();
  const id = crypto.randomUUID();
  const now = new Date();
  const hash = input.passwordHash ?? (await hashPassword(input.password ?? randomBytes(32).toString("base64url")));
  await tx.insert(user).values({
    id,
    email,
    name: input.name.trim(),
    role: input.role,
    emailVerified: false,
    locale: input.locale ?? "en",
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: hash,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
