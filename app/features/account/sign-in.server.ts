import { auth } from "~/auth/auth.server";
import { authErrorCode, backendErrorMessage, incorrectCredentials } from "./auth-errors.server";
import { sessionCookies } from "./cookies.server";
import type { FormMessage, Identifier } from "./schema";

export type SignInResult = { ok: true; headers: Headers } | { ok: false; error: FormMessage };

// Every way of saying "these credentials do not open an account" gets the same answer, so the
// page never tells whether an email or phone number is registered. A disabled account is one of
// them: telling its owner so would also tell anyone that the password they tried was right.
const credentialCodes = new Set([
  "BANNED_USER",
  "INVALID_EMAIL_OR_PASSWORD",
  "INVALID_PHONE_NUMBER_OR_PASSWORD",
  "PHONE_NUMBER_NOT_VERIFIED",
  "INVALID_PASSWORD",
  "CREDENTIAL_ACCOUNT_NOT_FOUND",
  "USER_NOT_FOUND",
]);

/** Signs in with an email or a verified phone number and the password; returns the session cookies. */
export async function signInWithPassword(
  identifier: Identifier,
  password: string,
  request: Request,
): Promise<SignInResult> {
  try {
    const result =
      identifier.kind === "email"
        ? await auth().api.signInEmail({
            body: { email: identifier.email, password },
            headers: request.headers,
            returnHeaders: true,
          })
        : await auth().api.signInPhoneNumber({
            body: { phoneNumber: identifier.phoneNumber, password },
            headers: request.headers,
            returnHeaders: true,
          });
    return { ok: true, headers: sessionCookies(result.headers) };
  } catch (error) {
    const code = authErrorCode(error);
    if (code && credentialCodes.has(code)) return { ok: false, error: incorrectCredentials };
    return { ok: false, error: backendErrorMessage(error, "sign-in") };
  }
}
