import { data, replace } from "react-router";
import { langContext, requestInfoContext, userContext, type SessionUser } from "~/context";
import { can, type Permission } from "./permissions";

type Ctx = { get: <T>(key: import("react-router").RouterContext<T>) => T };

export function getUser(context: Ctx) {
  return context.get(userContext);
}

export function getLang(context: Ctx) {
  return context.get(langContext);
}

export function getRequestInfo(context: Ctx) {
  return context.get(requestInfoContext);
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const isDataRequest = url.pathname.endsWith(".data");
  const path = isDataRequest ? url.pathname.slice(0, -".data".length) || "/" : url.pathname;
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  const origin = path + (search ? `?${search}` : "");
  return replace(`/login?redirectTo=${encodeURIComponent(origin)}`);
}

/** Anonymous visitors go to /login, remembering where they were (the specification's routing rule). */
export function requireUser(request: Request, context: Ctx): SessionUser {
  const user = getUser(context);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Every private loader and action calls this; a missing role goes to /unauthorized. */
export function requirePermission(request: Request, context: Ctx, permission: Permission): SessionUser {
  const user = requireUser(request, context);
  if (!can(user, permission)) {
    if (request.method !== "GET" && request.method !== "HEAD") {
      throw data({ error: "forbidden" }, { status: 403, statusText: "Forbidden" });
    }
    throw replace("/unauthorized");
  }
  return user;
}

/** Signed-in users on / or an authentication page go to the dashboard, replacing history. */
export function redirectSignedIn(context: Ctx) {
  if (getUser(context)) throw replace("/dashboard");
}

/** Where sign-in sends someone back to: a path of this site, else the fallback. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard") {
  // A control character is never part of a link of ours; browsers drop a TAB or a newline, which
  // could turn "/\t/host" into "//host".
  if (typeof to !== "string" || !to.startsWith("/") || hasControlCharacter(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  // Read as a browser reads it ("/\\host" is "//host"), it must stay on the site; what is sent on is
  // the parsed path, never the text as it came.
  // Resolving dots can itself yield "//host" ("/.//host"), which a browser reads as another site.
  return url.origin === SAME_ORIGIN && !url.pathname.startsWith("//") ? url.pathname + url.search + url.hash : fallback;
}

function hasControlCharacter(text: string) {
  return [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/** Any origin would do: only whether a path leaves it matters. */
const SAME_ORIGIN = "http://site.invalid";
