import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/instance";
import type { Lang } from "~/i18n/config";
import { renderTimeoutBody } from "~/lib/render-document.server";
import { RequestIdProvider } from "./request-id";
import { RouteErrorPage } from "./route-error";

function render(error: unknown, lang: Lang) {
  return renderToString(
    <I18nextProvider i18n={createI18n(lang)}>
      <RequestIdProvider value="req-123">
        <MemoryRouter>
          <RouteErrorPage error={error} />
        </MemoryRouter>
      </RequestIdProvider>
    </I18nextProvider>,
  );
}

describe("the error page of a page that took too long to render", () => {
  it("says so in the reader's language, with the reference the log has", () => {
    const error = new ErrorResponse(500, "Internal Server Error", renderTimeoutBody);
    const en = render(error, "en");
    expect(en).toContain("This page took too long to prepare");
    expect(en).toContain("Error reference: req-123");
    const es = render(error, "es");
    expect(es).toContain("Esta página tardó demasiado en prepararse");
    expect(es).toContain("Referencia del error: req-123");
  });

  it("keeps the generic message for any other server fault", () => {
    const html = render(new ErrorResponse(500, "Internal Server Error", { message: "internals" }), "en");
    expect(html).toContain("An unexpected error occurred");
    expect(html).not.toContain("internals");
  });
});
