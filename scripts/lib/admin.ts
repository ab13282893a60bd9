import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { asInvitation, auth } from "../../app/auth/auth.server";
import { db, withTransaction } from "../../app/db/client.server";
import { mailOutbox } from "../../app/db/schema";
import { checkPasswordStrength } from "../../app/features/account/password-strength.server";
import { recordActivity } from "../../app/features/activity/record.server";
import { hashPassword, insertUserWithPassword } from "../../app/features/users/create-user.server";
import { Refusal } from "../../app/lib/refusal";
import { CliError } from "./cli";

const inputSchema = z.object({
  email: z.email("is not a valid email address").max(254),
  name: z.string().trim().min(1, "must not be empty").max(100),
  password: z.string().min(8, "must be at least 8 characters").max(128, "must be at most 128 characters").optional(),
});

export type CreateAdminInput = { email: string; name?: string; password?: string };
export type CreateAdminResult = { id: string; email: string; setPasswordLink?: string };

/**
 * Creates an admin from the command line. Without a password the account gets a random one
 * nobody knows, and a set-password link is written to the outbox
 * (docs/decisions/006-mail-outbox.md) and returned.
 */
export async function createAdmin(input: CreateAdminInput): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  const parsed = inputSchema.safeParse({
    email,
    name: input.name?.trim() || email.split("@")[0],
    password: input.password,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`The ${String(issue.path[0])} ${issue.message}.`);
  }
  const { name, password } = parsed.data;
  if (password !== undefined) {
    const strength = await checkPasswordStrength(password, "en", [email, name]);
    if (!strength.isStrong) {
      const reasons = [strength.warning, ...strength.suggestions].filter(Boolean).join(" ");
      throw new CliError(`The password is too weak${reasons ? `: ${reasons}` : "."} Nothing was changed.`);
    }
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  let id: string;
  try {
    id = await withTransaction(async (tx) => {
      const newId = await insertUserWithPassword(tx, { email, name, role: "admin", passwordHash });
      await recordActivity(tx, {
        actorId: null,
        entityType: "user",
        entityId: newId,
        action: "created",
        summary: email,
        changes: { name, email, role: "admin", source: "create-admin" },
      });
      return newId;
    });
  } catch (error) {
    if (error instanceof Refusal && error.code === "errors.emailTaken") {
      throw new CliError(
        `An account with the email ${email} already exists; nothing was changed.\n` +
          `To make it an admin, sign in as an admin and change its role on /manage-users.`,
      );
    }
    throw error;
  }
  if (password !== undefined) return { id, email };
  await asInvitation(() => auth().api.requestPasswordReset({ body: { email } }));
  const [message] = await db()
    .select({ body: mailOutbox.body })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, "invite")))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  const setPasswordLink = message?.body.match(/https?:\/\/\S+\/reset-password\?token=[^\s]+/)?.[0];
  return { id, email, setPasswordLink };
}
