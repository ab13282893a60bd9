import { isRouteErrorResponse } from "react-router";
import type { ContactFieldErrors, ContactValues } from "./fields";

/**
 * Why a message did not go through, as the visitor is told (the specification's client-side,
 * server-side and unknown variants, and the rate limit). Each tells them to retry or phone.
 */
export type ContactFailure = "client" | "server" | "unknown" | "rateLimited";

export type ContactActionData =
  | { ok: true }
  | {
      ok: false;
      fieldErrors?: ContactFieldErrors;
      failure?: ContactFailure;
      retryAfterSeconds?: number;
      values?: ContactValues;
    };

/**
 * What went wrong when the browser sent the form. A failed fetch (TypeError) or a refusal of the
 * request itself (4xx) happened on the visitor's side; a 5xx answer on ours; anything else, such
 * as an answer the page cannot read, is unknown.
 */
export function failureOf(error: unknown): Exclude<ContactFailure, "rateLimited"> {
  if (error instanceof TypeError) return "client";
  if (isRouteErrorResponse(error)) {
    if (error.status >= 500) return "server";
    if (error.status >= 400) return "client";
  }
  return "unknown";
}
