import { describe, expect, it } from "vitest";
import { can, privateRoutes } from "../../../app/auth/permissions";
import { navigateInApp, openEventStream, pathOf, useBrowser, visible } from "../../support/e2e";
import { allowedPages, authPages, forbiddenPages, privatePages, roles } from "../pages";

const { session } = useBrowser();

describe("the roles table these tests walk", () => {
  it("has every private route of the permission table, each granted to the same roles", () => {
    expect([...privatePages].sort()).toEqual(privateRoutes.map((r) => r.path).sort());
    const differences = privateRoutes.flatMap((route) =>
      roles
        .filter((role) => allowedPages(role).includes(route.path) !== can({ role }, route.permission))
        .map((role) => `${route.path} for ${role}`),
    );
    expect(differences).toEqual([]);
  });
});

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

  it("opens a price list's editor, its page and its live stream only as the table says", async () => {
    const s = await session({ as: role });
    s.allowConsole(/status of 404/);
    const staff = allowedPages(role).includes("/prices-manage");
    await s.goto("/prices-manage/wholesale", { axe: false });
    if (staff) {
      expect(pathOf(s.page)).toBe("/prices-manage/wholesale");
      await visible(s.page.getByRole("heading", { level: 1, name: "Wholesale" }));
    } else {
      expect(pathOf(s.page)).toBe("/unauthorized");
    }
    // Staff follow any list; a customer only their own, which for the demo customer is the default one.
    const own = staff ? { slug: "wholesale", name: "Wholesale" } : { slug: "customers", name: "Customers" };
    await s.goto(`/pricesprivate/${own.slug}`, { axe: false });
    await visible(s.page.getByRole("heading", { level: 2, name: own.name, exact: true }));
    const stream = await openEventStream(s.page, `/pricesprivate/${own.slug}/events`);
    expect(stream.status).toBe(200);
    expect(stream.type).toMatch(/^text\/event-stream/);
    expect(stream.first).toContain("event: ready");
    const other = await openEventStream(s.page, "/pricesprivate/restaurants/events");
    expect(other.status).toBe(staff ? 200 : 404);
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
