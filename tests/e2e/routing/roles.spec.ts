import { describe, expect, it } from "vitest";
import { navigateInApp, pathOf, useBrowser, visible } from "../../support/e2e";
import { allowedPages, authPages, forbiddenPages, roles } from "../pages";

const { session } = useBrowser();

describe.each(roles)("routing for a signed-in %s", (role) => {
  it("opens every page the role may see", async () => {
    const s = await session({ as: role });
    for (const path of allowedPages(role)) {
      const response = await s.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(s.page.url()).pathname).toBe(path);
      await visible(s.page.getByRole("heading", { level: 1 }));
    }
  });

  it("sends pages the role lacks to /unauthorized", async () => {
    const s = await session({ as: role });
    for (const [i, path] of forbiddenPages(role).entries()) {
      await s.goto(path, { axe: i === 0 });
      expect(pathOf(s.page), path).toBe("/unauthorized");
      await visible(s.page.getByRole("heading", { level: 1, name: "You do not have access to this page" }));
    }
  });

  it("goes from / and the authentication pages to /dashboard", async () => {
    const s = await session({ as: role });
    for (const path of ["/", ...authPages]) {
      await s.goto(path, { axe: false });
      expect(pathOf(s.page), path).toBe("/dashboard");
    }
  });

  it("replaces history when the app itself navigates to / or an authentication page", async () => {
    const s = await session({ as: role });
    await s.goto("/contact", { axe: false });
    await s.goto("/profile", { axe: false });
    for (const path of ["/", "/login", "/register"]) {
      const before = await s.page.evaluate(() => history.length);
      await navigateInApp(s.page, path);
      await s.page.waitForURL("**/dashboard");
      expect(await s.page.evaluate(() => history.length), `no history entry for ${path}`).toBe(before);
    }
    await s.page.goBack();
    await s.page.waitForURL("**/contact");
  });

  it("goes from /prices to /pricesprivate, also from the footer's link", async () => {
    const s = await session({ as: role });
    await s.goto("/prices", { axe: false });
    expect(pathOf(s.page)).toBe("/pricesprivate");
    await s.goto("/contact", { axe: false });
    await s.page.getByRole("contentinfo").getByRole("link", { name: "Prices" }).click();
    await s.page.waitForURL("**/pricesprivate");
  });
});
