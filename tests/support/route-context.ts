import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { auth } from "../../app/auth/auth.server";
import type { Role } from "../../app/auth/permissions";
import { db } from "../../app/db/client.server";
import { user as userTable } from "../../app/db/schema";
import { toSessionUser } from "../../app/auth/session.server";
import { langContext, requestInfoContext, userContext, type SessionUser } from "../../app/context";
import type { Lang } from "../../app/i18n/config";
import { runWithRequest } from "../../app/lib/request-store.server";

export const BASE_URL = "http://localhost:3000";

export type ContextOptions = {
  user?: SessionUser | null;
  lang?: Lang;
  /** Each context gets its own address unless one is given, so rate limits only meet on purpose. */
  clientIp?: string;
  requestId?: string;
};

/** A context as the server and the session middleware build it for one request. */
export function routeContext(options: ContextOptions = {}) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    requestId: options.requestId ?? crypto.randomUUID(),
    nonce: "test-nonce",
    clientIp: options.clientIp ?? `test-${crypto.randomUUID()}`,
    requestedPath: "/",
  });
  context.set(langContext, options.lang ?? "en");
  context.set(userContext, options.user ?? null);
  return context;
}

/** Resolves the signed-in user from a request's cookie the way the session middleware does. */
export async function userFromRequest(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return null;
  const session = await auth().api.getSession({ headers: request.headers });
  return session?.user ? toSessionUser(session.user as Parameters<typeof toSessionUser>[0]) : null;
}

/** The Cookie header a browser would send back after these Set-Cookie headers (expired ones dropped). */
export function cookieHeader(headers: Headers, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name) jar.set(name, value.join("="));
  }
  for (const cookie of headers.getSetCookie()) {
    const [pair, ...attributes] = cookie.split(";");
    const [name, ...value] = pair.trim().split("=");
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value.join("=") === "";
    if (expired) jar.delete(name);
    else jar.set(name, value.join("="));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

type FieldValue = string | string[] | File;

/** A form POST as a browser sends it; a field given an array is sent once per value. */
export function formRequest(
  path: string,
  fields: Record<string, FieldValue | undefined>,
  options: { cookie?: string; headers?: Record<string, string> } = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  return new Request(new URL(path, BASE_URL), { method: "POST", body, headers });
}

export function getRequest(path: string, options: { cookie?: string } = {}) {
  const headers = new Headers();
  if (options.cookie) headers.set("cookie", options.cookie);
  return new Request(new URL(path, BASE_URL), { headers });
}

export type RouteResult<T = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  /** The Location of a redirect, else null. */
  location: string | null;
  data: T | undefined;
};

type Handler = (args: {
  request: Request;
  context: RouterContextProvider;
  params: Record<string, string | undefined>;
}) => unknown;

/**
 * Calls a route's loader or action as React Router would (inside the request store that gives mail
 * its language) and flattens what it returns or throws — a plain value, data(), or a Response
 * (redirects) — into one shape.
 */
export async function callRoute<T = Record<string, unknown>>(
  handler: unknown,
  request: Request,
  context: RouterContextProvider,
  params: Record<string, string | undefined> = {},
): Promise<RouteResult<T>> {
  const info = context.get(requestInfoContext);
  let value: unknown;
  try {
    value = await runWithRequest(
      { lang: context.get(langContext), requestId: info.requestId, clientIp: info.clientIp },
      () => (handler as Handler)({ request, context, params }),
    );
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) value = thrown;
    else throw thrown;
  }
  if (value instanceof Response) {
    // A resource route's JSON answer is read like an action's data.
    const json = (value.headers.get("Content-Type") ?? "").startsWith("application/json");
    const data = json ? ((await value.clone().json()) as T) : undefined;
    return { status: value.status, headers: value.headers, location: value.headers.get("Location"), data };
  }
  if (isDataWithInit(value)) {
    return {
      status: value.init?.status ?? 200,
      headers: new Headers(value.init?.headers),
      location: null,
      data: value.data as T,
    };
  }
  return { status: 200, headers: new Headers(), location: null, data: value as T };
}

function isDataWithInit(value: unknown): value is { type: string; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * Posts a form to a route's action as a visitor with the given cookie: the user is resolved from
 * the cookie first, as the session middleware would.
 */
export async function postForm<T = Record<string, unknown>>(
  handler: unknown,
  path: string,
  fields: Record<string, FieldValue | undefined>,
  options: ContextOptions & { cookie?: string } = {},
) {
  const request = formRequest(path, fields, { cookie: options.cookie });
  const user = options.user !== undefined ? options.user : await userFromRequest(request);
  return callRoute<T>(handler, request, routeContext({ ...options, user }));
}

/** Loads a route as a visitor with the given cookie. */
export async function load<T = Record<string, unknown>>(
  handler: unknown,
  path: string,
  options: ContextOptions & { cookie?: string } = {},
) {
  const request = getRequest(path, { cookie: options.cookie });
  const user = options.user !== undefined ? options.user : await userFromRequest(request);
  return callRoute<T>(handler, request, routeContext({ ...options, user }));
}

export const STRONG_PASSWORD = "Mango crates at dawn 47";

/** An account made through better-auth, with a role when one is given (new accounts are customers). */
export async function createTestUser(input: { email?: string; name?: string; password?: string; role?: Role } = {}) {
  const email = input.email ?? `user-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = input.password ?? STRONG_PASSWORD;
  const result = await auth().api.signUpEmail({ body: { email, password, name: input.name ?? "Test Person" } });
  if (input.role) await db().update(userTable).set({ role: input.role }).where(eq(userTable.id, result.user.id));
  return { id: result.user.id, email, password };
}

/** Signs in through better-auth and returns the Cookie header a browser would then send. */
export async function signInCookie(email: string, password: string) {
  const result = await auth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  return cookieHeader(result.headers);
}
