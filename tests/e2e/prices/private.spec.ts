import { describe, expect, it } from "vitest";
import { phone, useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

describe("private prices", () => {
  it("shows a customer their own list read-only and live, in Spanish on a phone, dark", async () => {
    const s = await session({ as: "customer", lang: "es", viewport: phone, colorScheme: "dark", theme: "dark" });
    await s.goto("/pricesprivate");
    await visible(s.page.getByRole("heading", { level: 1, name: "Listas de precios" }));
    await visible(s.page.getByRole("heading", { level: 2, name: "Customers" }));
    await visible(s.page.getByText("En vivo: los precios se actualizan solos"));
    // Read-only: no list to choose and nothing to edit.
    expect(await s.page.getByRole("combobox").count()).toBe(0);
    expect(await s.page.locator("main input:not([type=search])").count()).toBe(0);
    const rows = s.page.locator("tbody tr");
    const all = await rows.count();
    expect(all).toBeGreaterThan(10);
    await s.page.getByRole("searchbox", { name: "Filtrar productos" }).fill("mango");
    await s.page.waitForFunction((n) => document.querySelectorAll("tbody tr").length < n, all);
    expect(await rows.first().locator("th").innerText()).toMatch(/mango/i);
  });

  it("refuses a customer another list's page and its event stream", async () => {
    const s = await session({ as: "customer" });
    s.allowConsole(/status of 404/);
    const page = await s.goto("/pricesprivate/restaurants", { axe: false });
    expect(page?.status()).toBe(404);
    const stream = await s.page.request.get("/pricesprivate/restaurants/events");
    expect(stream.status()).toBe(404);
  });

  it("lets a seller choose any list and shows its live connection", async () => {
    const s = await session({ as: "seller" });
    await s.goto("/pricesprivate");
    await visible(s.page.getByRole("heading", { level: 2, name: "Customers" }));
    await s.page.getByRole("combobox", { name: "Price list" }).selectOption({ label: "Restaurants" });
    await s.page.getByRole("button", { name: "Show" }).click();
    await s.page.waitForURL("**/pricesprivate/restaurants");
    await visible(s.page.getByRole("heading", { level: 2, name: "Restaurants" }));
    await visible(s.page.getByText("Live: prices update by themselves"));
    await s.scan();
  });
});
