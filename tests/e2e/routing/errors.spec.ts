import { describe, expect, it } from "vitest";
import { useBrowser, visible, hidden } from "../../support/e2e";

const { session } = useBrowser();

describe("route errors and pending navigation", () => {
  it.each(["anonymous", "customer"] as const)(
    "shows the 404 page inside the site, with a search of the catalogue and no Try again (%s)",
    async (who) => {
      const s = await session({ as: who });
      // The browser reports the document's own 404 on the console.
      s.allowConsole(/status of 404/);
      const response = await s.goto("/no-such-page/at-all");
      expect(response?.status()).toBe(404);
      await visible(s.page.getByRole("heading", { level: 1, name: "404 Not Found" }));
      await visible(s.page.getByText("We could not find this page."));
      await visible(s.page.getByRole("navigation", { name: "Main" }));
      await visible(s.page.getByRole("contentinfo"));
      expect(await s.page.getByRole("button", { name: "Try again" }).count()).toBe(0);
      await visible(s.page.getByRole("link", { name: "See today's prices" }));
      await s.page.getByRole("searchbox", { name: "Search our products" }).fill("mango");
      await s.page.getByRole("searchbox", { name: "Search our products" }).press("Enter");
      await s.page.waitForURL((url) => url.pathname === "/products" && url.searchParams.get("q") === "mango");
      await s.goto("/no-such-page/at-all");
      await s.page.getByRole("link", { name: "Back to the home page" }).click();
      await s.page.waitForURL((url) => url.pathname === (who === "anonymous" ? "/" : "/dashboard"));
    },
  );

  it("says a missing page and an unknown product in Spanish, HTTP's English words included", async () => {
    const s = await session({ lang: "es" });
    s.allowConsole(/status of 404/);
    for (const path of ["/tampoco-existe", "/products/no-existe-este-producto"]) {
      const response = await s.goto(path);
      expect(response?.status()).toBe(404);
      await visible(s.page.getByRole("heading", { level: 1, name: "404 Página no encontrada" }));
      await visible(s.page.getByText("No encontramos esta página."));
      await visible(s.page.getByRole("link", { name: "Volver a la página principal" }));
      await visible(s.page.getByRole("link", { name: "Ver todos nuestros productos" }));
      await visible(s.page.getByRole("searchbox", { name: "Buscar en nuestros productos" }));
      expect(await s.page.getByText("Not Found").count()).toBe(0);
    }
  });

  it("offers Try again on an error, in the reader's language and inside the site", async () => {
    const s = await session({ lang: "es" });
    s.allowConsole(/status of 500/);
    await s.goto("/");
    await s.hydrated();
    // The server fails while reading the next page's data.
    await s.page.route("**/about-us.data*", (route) => route.fulfill({ status: 500, body: "database down" }));
    await s.page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Nosotros" }).click();
    await visible(s.page.getByText("Ocurrió un error inesperado"));
    await visible(s.page.getByRole("button", { name: "Intentar de nuevo" }));
    await visible(s.page.getByRole("navigation", { name: "Principal" }));
    await visible(s.page.getByRole("searchbox", { name: "Buscar en nuestros productos" }));
    expect(await s.page.getByText("database down").count()).toBe(0);
  });

  it("shows a spinner while a navigation is pending", async () => {
    const s = await session();
    await s.goto("/");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await s.page.route("**/about-us.data*", async (route) => {
      await held;
      await route.continue();
    });
    const spinner = s.page.getByRole("status").filter({ hasText: "Loading…" });
    expect(await spinner.count()).toBe(0);
    await s.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).click();
    await visible(spinner);
    expect(new URL(s.page.url()).pathname).toBe("/");
    release();
    await s.page.waitForURL("**/about-us");
    await hidden(spinner);
  });
});
