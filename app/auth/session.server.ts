import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { data, type MiddlewareFunction } from "react-router";
import { preparedQuery } from "~/db/client.server";
import { session as sessionTable, user as userTable } from "~/db/schema";
import { langContext, requestInfoContext, userContext, type SessionUser } from "~/context";
import { langCookie, resolveLang } from "~/i18n/config";
import { contactOf } from "~/features/account/phone";
import { logger } from "~/lib/logger.server";
import { runWithRequest } from "~/lib/request-store.server";
import { UNAVAILABLE_RETRY_SECONDS } from "~/lib/unavailable";
import { auth } from "./auth.server";
import { isRole } from "./permissions";

export function readCookie(header: string | null, name: string) {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join("="));
    } catch {
      // A value no browser of ours would send (a malformed escape) counts as no cookie.
      return undefined;
    }
  }
  return undefined;
}

function hasSessionCookie(header: string | null) {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(header ?? "");
}

type AuthUser = {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  phoneNumber?: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastSignInAt?: Date | null;
};

/** The role column is the one source of truth; anything unexpected means customer. */
export function toSessionUser(u: AuthUser): SessionUser {
  const role = isRole(u.role) ? u.role : "customer";
  if (role !== u.role) logger.warn({ userId: u.id, role: u.role }, "unknown role on user; treating as customer");
  return {
    id: u.id,
    email: u.email,
    contact: contactOf(u),
    name: u.name,
    role,
    phoneNumber: u.phoneNumber ?? null,
    createdAt: new Date(u.createdAt).toISOString(),
    updatedAt: new Date(u.updatedAt).toISOString(),
    lastSignInAt: u.lastSignInAt ? new Date(u.lastSignInAt).toISOString() : null,
  };
}

export function expiredSessionCookies(secure: boolean) {
  const prefix = secure ? "__Secure-" : "";
  const attrs = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return [`${prefix}better-auth.session_token=; ${attrs}`, `${prefix}better-auth.session_data=; ${attrs}`];
}

/**
 * The signed-in user of a request that holds a session cookie (null: no valid session), as
 * Better Auth's getSession decides it, with the cookies it sets (a refreshed session).
 *
 * Every signed-in request asks, and getSession's endpoint machinery (a signature checked through
 * WebCrypto, the session and its user read by two queries, hooks, output filtering) costs about a
 * millisecond of the server's time each (docs/decisions/019-session-check.md). The common case, a
 * valid session that needs no refresh, is therefore checked here directly: the cookie's signature
 * against the same secret, the session and its user in one query. Better Auth stays the authority:
 * anything else (a bad signature, an unknown, revoked or expired session, a session due for its
 * rolling refresh, a "don't remember me" or a session-data cookie) goes to getSession, which
 * decides, cleans up and sets the cookies as it always does. Sessions stay revocable at once
 * (docs/decisions/004-sessions.md): the database is read on every request, so a revoked session
 * ends at once.
 */
export async function resolveSession(headers: Headers): Promise<{
  user: SessionUser | null;
  setCookies: string[];
}> {
  const quick = await validSessionNeedingNothing(headers.get("cookie"));
  if (quick) return { user: quick, setCookies: [] };
  const result = await auth().api.getSession({ headers, returnHeaders: true });
  return {
    user: result.response?.user ? toSessionUser(result.response.user as AuthUser) : null,
    setCookies: result.headers?.getSetCookie?.() ?? [],
  };
}

// Only what a SessionUser holds: the user's other columns would be read and parsed for nothing.
const sessionByToken = preparedQuery((d) =>
  d
    .select({
      user: {
        id: userTable.id,
        email: userTable.email,
        name: userTable.name,
        role: userTable.role,
        phoneNumber: userTable.phoneNumber,
        createdAt: userTable.createdAt,
        updatedAt: userTable.updatedAt,
        lastSignInAt: userTable.lastSignInAt,
      },
      expiresAt: sessionTable.expiresAt,
    })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_by_token"),
);

async function validSessionNeedingNothing(cookieHeader: string | null): Promise<SessionUser | null> {
  const { secret, authCookies, sessionConfig } = await auth().$context;
  if (readCookie(cookieHeader, authCookies.dontRememberToken.name) !== undefined) return null;
  if (readCookie(cookieHeader, authCookies.sessionData.name) !== undefined) return null;
  const signed = readCookie(cookieHeader, authCookies.sessionToken.name);
  const token = signed === undefined ? null : verifiedToken(signed, secret);
  if (!token) return null;
  const [row] = await sessionByToken().execute({ token });
  if (!row) return null;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  // Better Auth's rule for a rolling refresh: once updateAge has passed since the last one.
  const refreshDue = expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= now;
  if (expiresAt <= now || refreshDue) return null;
  return toSessionUser(row.user);
}

/** The session token of a cookie value Better Auth signed (`token.base64(HMAC-SHA256)`), else null. */
function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * Every 503 says when to try again. An answer refused before any loader ran (the session could not
 * be read) is rendered by React Router, which passes on no header of the refusal but its cookies.
 */
export const retryWhenUnavailable: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
  }
  return response;
};

/**
 * Resolves the user and the language once per request. A session cookie that no longer names a
 * valid session (tampered, expired, revoked) is cleared, so the visitor is simply signed out.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cookieHeader = request.headers.get("cookie");
  const url = new URL(request.url);
  const lang = resolveLang(url, readCookie(cookieHeader, langCookie), request.headers.get("accept-language"));
  context.set(langContext, lang);
  const info = context.get(requestInfoContext);

  let user: SessionUser | null = null;
  let refreshedCookies: string[] = [];
  let clearCookies = false;
  if (hasSessionCookie(cookieHeader)) {
    try {
      const resolved = await resolveSession(request.headers);
      refreshedCookies = resolved.setCookies;
      user = resolved.user;
      clearCookies = !user;
    } catch (error) {
      // better-auth refusing the session (one deleted while it was being refreshed) signs out.
      if (error instanceof APIError && error.statusCode < 500) {
        clearCookies = true;
      } else {
        // The database out of reach says nothing about the session: signing the person out would
        // outlast the outage. They are asked to wait, and keep their cookie (docs/decisions/004-sessions.md).
        logger.warn({ err: error, requestId: info.requestId }, "session lookup failed");
        throw data(null, { status: 503 });
      }
    }
  }
  context.set(userContext, user);

  const response = await runWithRequest({ lang, requestId: info.requestId, clientIp: info.clientIp }, () => next());
  for (const cookie of refreshedCookies) response.headers.append("Set-Cookie", cookie);
  if (clearCookies && !response.headers.has("Set-Cookie")) {
    const secure = url.protocol === "https:";
    for (const cookie of expiredSessionCookies(secure)) response.headers.append("Set-Cookie", cookie);
  }
  if (url.searchParams.has("lang") && url.searchParams.get("lang") === lang) {
    response.headers.append("Set-Cookie", `${langCookie}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`);
  }
  return response;
};
