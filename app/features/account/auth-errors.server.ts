import { logger } from "~/lib/logger.server";
import type { FormMessage } from "./schema";

type ErrorBody = { code?: unknown; message?: unknown; error_description?: unknown };

/** better-auth's API errors (better-call's APIError) carry a status and a body meant for people. */
function authErrorBody(error: unknown): ErrorBody | null {
  if (!error || typeof error !== "object") return null;
  const e = error as { name?: unknown; statusCode?: unknown; body?: unknown };
  if (e.name !== "APIError" || typeof e.statusCode !== "number") return null;
  return e.body && typeof e.body === "object" ? (e.body as ErrorBody) : {};
}

export function authErrorCode(error: unknown): string | undefined {
  const code = authErrorBody(error)?.code;
  return typeof code === "string" ? code : undefined;
}

export const incorrectCredentials: FormMessage = {
  key: "auth:errors.incorrectCredentials",
  hint: "auth:errors.incorrectCredentialsHint",
};

/**
 * The rule: the backend's message, else its error_description, else
 * 'An unknown error occurred'. Only the auth service's own errors have text meant for people;
 * anything else (a database error, a bug) is logged with the request id and never shown.
 */
export function backendErrorMessage(error: unknown, where: string): FormMessage {
  const body = authErrorBody(error);
  if (!body) {
    logger.error({ err: error, where }, "account operation failed");
    return { key: "general:errors.unknownBackend" };
  }
  logger.warn({ code: body.code, where }, "auth service refused the request");
  const text = [body.message, body.error_description].find(
    (v): v is string => typeof v === "string" && v.trim() !== "",
  );
  return text
    ? { key: "auth:errors.backend", params: { message: text.slice(0, 300) } }
    : { key: "general:errors.unknownBackend" };
}
