import { eq } from "drizzle-orm";
import { auth } from "~/auth/auth.server";
import { withTransaction } from "~/db/client.server";
import { user } from "~/db/schema";
import { recordActivity } from "~/features/activity/record.server";
import type { Lang } from "~/i18n/config";
import { authErrorCode, backendErrorMessage } from "./auth-errors.server";
import { sessionCookies } from "./cookies.server";
import type { FieldErrors, FormMessage } from "./schema";

export type RegisterResult =
  { ok: true; userId: string; headers: Headers } | { ok: false; fieldErrors?: FieldErrors; error?: FormMessage };

const emailTakenCodes = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);

/**
 * Creates a customer account and signs it in. The role is never read from the form: better-auth's
 * admin plugin gives every new account the default role, customer.
 */
export async function registerCustomer(
  input: { name: string; email: string; password: string },
  request: Request,
  lang: Lang,
): Promise<RegisterResult> {
  let userId: string;
  let headers: Headers;
  try {
    const result = await auth().api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    userId = result.response.user.id;
    headers = sessionCookies(result.headers);
  } catch (error) {
    if (emailTakenCodes.has(authErrorCode(error) ?? ""))
      return { ok: false, fieldErrors: { email: "auth:form.emailTaken" } };
    return { ok: false, error: backendErrorMessage(error, "register") };
  }
  await withTransaction(async (tx) => {
    // Messages sent to this person later (reset links from an admin) use the language they signed up in.
    await tx.update(user).set({ locale: lang }).where(eq(user.id, userId));
    await recordActivity(tx, {
      actorId: userId,
      entityType: "user",
      entityId: userId,
      action: "created",
      summary: "registered",
      changes: { email: input.email, name: input.name, role: "customer" },
    });
  });
  return { ok: true, userId, headers };
}
