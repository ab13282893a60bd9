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

/** Only same-site relative paths are followed after sign-in. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
