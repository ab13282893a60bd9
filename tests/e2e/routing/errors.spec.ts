import { describe, expect, it } from "vitest";
import { useBrowser, visible, hidden } from "../../support/e2e";

const { session } = useBrowser();

describe("route errors and pending navigation", () => {
  it.each(["anonymous", "customer"] as const)(
    "shows the route error page with 404 for an unknown path (%s)",
    async (who) => {
      const s = await session({ as: who });
      // The browser reports the document's own 404 on the console.
      s.allowConsole(/status of 404/);
      const response = await s.goto("/no-such-page/at-all");
      expect(response?.status()).toBe(404);
      await visible(s.page.getByRole("heading", { level: 1, name: /404/ }));
      await visible(s.page.getByText("We could not find this page."));
      await visible(s.page.getByRole("button", { name: "Try again" }));
      await s.page.getByRole("link", { name: "Back to the home page" }).click();
      await s.page.waitForURL((url) => url.pathname === (who === "anonymous" ? "/" : "/dashboard"));
    },
  );

  it("shows the 404 page in Spanish too", async () => {
    const s = await session({ lang: "es" });
    s.allowConsole(/status of 404/);
    const response = await s.goto("/tampoco-existe");
    expect(response?.status()).toBe(404);
    await visible(s.page.getByRole("link", { name: "Volver a la página principal" }));
    await visible(s.page.getByRole("button", { name: "Intentar de nuevo" }));
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
