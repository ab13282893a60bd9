import { APIError } from "better-auth/api";
import { afterEach, describe, expect, it, vi } from "vitest";
import { languages } from "~/i18n/config";
import { createI18n } from "~/i18n/instance";
import { logger } from "~/lib/logger.server";
import { backendErrorMessage } from "./auth-errors.server";
import type { FormMessage } from "./schema";

/** What the page shows for a form message, as MessageAlert translates it. */
function shown(message: FormMessage, lang: (typeof languages)[number]) {
  const t = createI18n(lang).t as unknown as (key: string, options?: object) => string;
  return t(message.key, message.params);
}

const unknown = { en: "An unknown error occurred", es: "Ocurrió un error desconocido" };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("backendErrorMessage", () => {
  it.each(languages)("shows the auth service's message when it has one (%s)", (lang) => {
    const error = new APIError("BAD_REQUEST", {
      code: "USER_ALREADY_EXISTS",
      message: "User already exists",
      error_description: "not this one",
    });
    expect(shown(backendErrorMessage(error, "register"), lang)).toBe("User already exists");
  });

  it.each(languages)("shows error_description when there is no message (%s)", (lang) => {
    const error = new APIError("BAD_REQUEST", { error_description: "The reset link has expired" });
    expect(shown(backendErrorMessage(error, "reset-password"), lang)).toBe("The reset link has expired");
    // An empty or blank message counts as none.
    const blank = new APIError("BAD_REQUEST", { message: "  ", error_description: "Try another number" });
    expect(shown(backendErrorMessage(blank, "send-phone-code"), lang)).toBe("Try another number");
  });

  it.each(languages)("falls back to 'An unknown error occurred' when the body has neither (%s)", (lang) => {
    for (const error of [
      new APIError("BAD_REQUEST"),
      new APIError("BAD_REQUEST", { code: "SOMETHING" }),
      new APIError("BAD_REQUEST", { message: "", error_description: 42 } as never),
    ]) {
      expect(shown(backendErrorMessage(error, "sign-in"), lang)).toBe(unknown[lang]);
    }
  });

  it.each(languages)("never shows the text of an error that is not the auth service's; it logs it (%s)", (lang) => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const error = new Error('duplicate key value violates unique constraint "user_email_key"');
    expect(shown(backendErrorMessage(error, "register"), lang)).toBe(unknown[lang]);
    expect(shown(backendErrorMessage("boom", "register"), lang)).toBe(unknown[lang]);
    expect(logged).toHaveBeenCalledWith({ err: error, where: "register" }, "account operation failed");
  });

  it("keeps a long message to 300 characters", () => {
    const error = new APIError("BAD_REQUEST", { message: "x".repeat(1000) });
    expect(shown(backendErrorMessage(error, "sign-in"), "en")).toBe("x".repeat(300));
  });
});
