import type { MiddlewareFunction } from "react-router";
import { langContext, requestInfoContext, userContext, type SessionUser } from "~/context";
import { langCookie, resolveLang } from "~/i18n/config";
import { logger } from "~/lib/logger.server";
import { runWithRequest } from "~/lib/request-store.server";
import { auth } from "./auth.server";
import { isRole } from "./permissions";

export function readCookie(header: string | null, name: string) {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
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

/** D4: the role column is the one source of truth; anything unexpected means customer. */
export function toSessionUser(u: AuthUser): SessionUser {
  const role = isRole(u.role) ? u.role : "customer";
  if (role !== u.role) logger.warn({ userId: u.id, role: u.role }, "unknown role on user; treating as customer");
  return {
    id: u.id,
    email: u.email,
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
      const result = await auth().api.getSession({ headers: request.headers, returnHeaders: true });
      refreshedCookies = result.headers?.getSetCookie?.() ?? [];
      if (result.response?.user) user = toSessionUser(result.response.user as AuthUser);
      else clearCookies = true;
    } catch (error) {
      logger.warn({ err: error, requestId: info.requestId }, "session lookup failed");
      clearCookies = true;
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
