import { auth } from "~/auth/auth.server";
import { logger } from "~/lib/logger.server";
import { sessionCookies } from "./cookies.server";

type SignOut = (request: Request) => Promise<Headers | null | undefined>;

const betterAuthSignOut: SignOut = async (request) =>
  (await auth().api.signOut({ headers: request.headers, returnHeaders: true })).headers;

/**
 * Ends this browser's session. When that fails the failure is logged and the person stays
 * signed in, so the page can say so instead of pretending they left.
 */
export async function signOutUser(
  request: Request,
  signOut: SignOut = betterAuthSignOut,
): Promise<{ ok: true; headers: Headers } | { ok: false }> {
  try {
    return { ok: true, headers: sessionCookies(await signOut(request)) };
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return { ok: false };
  }
}
