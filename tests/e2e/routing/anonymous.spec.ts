import { describe, expect, it } from "vitest";
import { demoEmails, demoPassword } from "../../support/server";
import { navigateInApp, openEventStream, pathOf, signInWithForm, useBrowser, visible } from "../../support/e2e";
import { authPages, privatePages, publicPages } from "../pages";

const { session } = useBrowser();

describe("routing for anonymous visitors", () => {
  it("sends every private page to /login, remembering where the visitor was", async () => {
    const s = await session();
    for (const [i, path] of privatePages.entries()) {
      await s.goto(path, { axe: i === 0 });
      expect(pathOf(s.page)).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      await visible(s.page.getByRole("heading", { level: 1, name: "Sign in" }));
    }
  });

  it("sends a price list's editor, its page and its live stream to /login", async () => {
    const s = await session();
    for (const path of ["/prices-manage/wholesale", "/pricesprivate/customers"]) {
      await s.goto(path, { axe: false });
      expect(pathOf(s.page)).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const stream = await openEventStream(s.page, "/pricesprivate/customers/events");
    expect(stream.url).toBe(`/login?redirectTo=${encodeURIComponent("/pricesprivate/customers/events")}`);
    expect(stream.type).toMatch(/^text\/html/);
  });

  it("replaces history when the app itself navigates to a private page", async () => {
    const s = await session();
    await s.goto("/contact", { axe: false });
    await s.goto("/about-us", { axe: false });
    const before = await s.page.evaluate(() => history.length);
    await navigateInApp(s.page, "/pricesprivate");
    await s.page.waitForURL((url) => url.pathname === "/login");
    expect(pathOf(s.page)).toBe(`/login?redirectTo=${encodeURIComponent("/pricesprivate")}`);
    expect(await s.page.evaluate(() => history.length)).toBe(before);
  });

  it("shows public and authentication pages without signing in", async () => {
    const s = await session();
    for (const path of [...publicPages, ...authPages]) {
      const response = await s.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(s.page.url()).pathname).toBe(path);
      await visible(s.page.getByRole("heading", { level: 1 }));
    }
  });

  it("comes back to the page (with its query) after signing in, and back does not return to /login", async () => {
    const s = await session();
    await s.goto("/about-us");
    await s.goto("/prices-short?size=legal");
    expect(pathOf(s.page)).toBe(`/login?redirectTo=${encodeURIComponent("/prices-short?size=legal")}`);
    await signInWithForm(s.page, demoEmails.customer, demoPassword);
    await s.page.waitForURL((url) => url.pathname === "/prices-short");
    expect(pathOf(s.page)).toBe("/prices-short?size=legal");
    await s.hydrated();
    await s.page.goBack();
    await s.page.waitForLoadState();
    expect(new URL(s.page.url()).pathname).not.toBe("/login");
  });

  it("signs in from the navbar's link and lands on the dashboard with /login gone from history", async () => {
    const s = await session();
    await s.goto("/about-us");
    await s.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" }).click();
    await s.page.waitForURL("**/login");
    await signInWithForm(s.page, demoEmails.seller, demoPassword);
    await s.page.waitForURL("**/dashboard");
    await s.hydrated();
    await s.scan();
    await s.page.goBack();
    await s.page.waitForURL((url) => url.pathname !== "/dashboard");
    expect(new URL(s.page.url()).pathname).toBe("/about-us");
  });
});
