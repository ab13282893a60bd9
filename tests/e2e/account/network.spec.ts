import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoEmails, demoPassword } from "../../support/server";
import { useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

const labels = {
  en: {
    identifier: "Email or phone",
    password: "Password",
    submit: "Sign in",
    message: "Network error. Please check your connection",
  },
  es: {
    identifier: "Correo electrónico o teléfono",
    password: "Contraseña",
    submit: "Iniciar sesión",
    message: "Error de red. Por favor, revise su conexión",
  },
} as const;

/** Drops the sign-in form's submission (React Router posts it to /login.data) before it leaves the browser. */
async function dropSubmissions(page: Page) {
  let dropped = 0;
  await page.route(
    (url) => url.pathname === "/login.data",
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      dropped += 1;
      await route.abort("internetdisconnected");
    },
  );
  return () => dropped;
}

describe.each(["en", "es"] as const)("sign-in without a connection (%s)", (lang) => {
  it("shows the specification's network message and keeps the form usable", async () => {
    const s = await session({ lang });
    // The browser reports the request it could not send.
    s.allowConsole(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
    await s.goto("/login");
    const t = labels[lang];
    const dropped = await dropSubmissions(s.page);

    await s.page.getByLabel(t.identifier).fill(demoEmails.customer);
    await s.page.getByLabel(t.password, { exact: true }).fill(demoPassword);
    await s.page.getByRole("button", { name: t.submit }).click();
    const alert = await visible(s.page.getByRole("alert").filter({ hasText: t.message }));
    expect((await alert.innerText()).trim()).toBe(t.message);
    expect(dropped()).toBe(1);
    await s.scan();

    // Still the sign-in page, with what was typed, and no error page.
    expect(new URL(s.page.url()).pathname).toBe("/login");
    expect(await s.page.getByLabel(t.identifier).inputValue()).toBe(demoEmails.customer);
    expect(await s.page.getByText(/Error reference|Referencia del error/).count()).toBe(0);

    // Back online, the same form signs in.
    await s.page.unrouteAll();
    await s.page.getByRole("button", { name: t.submit }).click();
    await s.page.waitForURL("**/dashboard");
    expect(dropped()).toBe(1);
  });
});
