import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { phone, useBrowser, visible, type Session } from "../../support/e2e";
import { RELEASE_HIDDEN_AFTER_MS } from "../../../app/features/price-lists/components/use-live-list";
import { createListCopy, priceRow, uniqueName } from "./fixtures";

const { session } = useBrowser();

/** As if the browser had put the page in the background, or brought it back. */
function setVisibility(page: Page, state: "hidden" | "visible") {
  return page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", { value, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

/** The seller raises the list's first price by `amount`; answers its cell with the new price on `page`. */
async function changeFirstPrice(seller: Session, slug: string, page: Page, amount: number) {
  await seller.goto(`/prices-manage/${slug}`, { axe: false });
  const product = await seller.page.getByRole("rowheader").first().locator("label").innerText();
  const input = seller.page.getByRole("textbox", { name: product, exact: true });
  const next = (Number(await input.inputValue()) + amount).toFixed(2);
  await input.fill(next);
  await seller.page.getByRole("button", { name: "Save changes" }).click();
  await visible(seller.page.getByText("Changes saved successfully."));
  return priceRow(page, product).getByRole("cell", { name: `$${next}`, exact: true });
}

describe("private prices", () => {
  it("shows a customer their own list read-only and live, in Spanish on a phone, dark", async () => {
    const s = await session({ as: "customer", lang: "es", viewport: phone, colorScheme: "dark", theme: "dark" });
    await s.goto("/pricesprivate");
    await visible(s.page.getByRole("heading", { level: 1, name: "Listas de precios" }));
    await visible(s.page.getByRole("heading", { level: 2, name: "Clientes" }));
    await visible(s.page.getByText("Precios para clientes registrados: al por mayor menos 5%."));
    await visible(s.page.getByText("En vivo: los precios se actualizan solos"));
    // Read-only: no list to choose and nothing to edit (the ticks only choose what to print).
    expect(await s.page.getByRole("combobox", { name: "Lista de precios" }).count()).toBe(0);
    expect(await s.page.locator("main input:not([type=search]):not([type=checkbox])").count()).toBe(0);
    const rows = s.page.locator("tbody tr");
    const all = await rows.count();
    expect(all).toBeGreaterThan(10);
    await s.page.getByRole("searchbox", { name: "Buscar un producto" }).fill("mango");
    await s.page.waitForFunction((n) => document.querySelectorAll("tbody tr").length < n, all);
    expect(await rows.first().locator("th").innerText()).toMatch(/mango/i);
  });

  it("filters a list by category and availability, and selects all it shows for printing", async () => {
    const s = await session({ as: "seller" });
    await s.goto("/pricesprivate");
    await visible(s.page.getByRole("heading", { level: 2, name: "Customers" }));
    await s.page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Fruits" });
    expect(await s.page.locator("main").getByRole("heading", { level: 2 }).allInnerTexts()).toEqual([
      "Customers",
      "Fruits",
    ]);
    await s.page.getByRole("combobox", { name: "Availability" }).selectOption({ label: "Out of stock" });
    await expect
      .poll(() => s.page.locator("main tbody th").allInnerTexts())
      .toEqual([expect.stringMatching(/^Maradol Papaya\s+Out of stock$/)]);
    await visible(s.page.getByText("1 product", { exact: true }));
    await s.page.getByRole("combobox", { name: "Availability" }).selectOption({ label: "All" });
    await s.page.getByRole("searchbox", { name: "Find a product" }).fill("guineo");
    await expect.poll(() => s.page.locator("main tbody th").allInnerTexts()).toEqual([expect.stringMatching(/Banana/)]);
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
    await s.page.getByRole("button", { name: "Show", exact: true }).click();
    await s.page.waitForURL("**/pricesprivate/restaurants");
    await visible(s.page.getByRole("heading", { level: 2, name: "Restaurants" }));
    await visible(s.page.getByText("Live: prices update by themselves"));
    await s.scan();
  });

  it("lets go of its stream after a minute in the background, and catches up when shown again", async () => {
    const seller = await session({ as: "seller" });
    const slug = await createListCopy(seller, uniqueName("Background"));
    const viewer = await session({ as: "admin" });
    const page = viewer.page;
    // The page's own timers, so that a minute in the background passes at once.
    await page.clock.install();
    await viewer.goto(`/pricesprivate/${slug}`, { axe: false });
    const live = page.getByText("Live: prices update by themselves");
    await visible(live);
    await setVisibility(page, "hidden");
    const closed = page.waitForEvent("requestfailed", (r) => r.url().endsWith(`/pricesprivate/${slug}/events`));
    await page.clock.fastForward(RELEASE_HIDDEN_AFTER_MS);
    await closed;
    await visible(page.getByText("Connecting to live prices…"));

    // A price changes while the page is away and has no stream.
    const cell = await changeFirstPrice(seller, slug, page, 3.33);
    expect(await cell.count()).toBe(0);

    const reopened = page.waitForRequest((r) => r.url().endsWith(`/pricesprivate/${slug}/events`));
    await setVisibility(page, "visible");
    await reopened;
    await visible(live);
    await visible(cell);
    await viewer.goto("/dashboard", { axe: false });
    await seller.page.request.post("/prices-manage", { form: { intent: "delete", slug } });
  }, 60_000);

  it("opened in the background, connects only once shown", async () => {
    const viewer = await session({ as: "seller" });
    const page = viewer.page;
    await page.addInitScript(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    });
    const streams: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/events")) streams.push(r.url());
    });
    await viewer.goto("/pricesprivate/restaurants", { axe: false });
    await visible(page.getByText("Connecting to live prices…"));
    // Time for the hydrated page's effects to have run.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(streams).toEqual([]);
    const opened = page.waitForRequest((r) => r.url().endsWith("/pricesprivate/restaurants/events"));
    await setVisibility(page, "visible");
    await opened;
    await visible(page.getByText("Live: prices update by themselves"));
  });

  it("shows the connection's states: connecting, live, lost, and live again with the price changed meanwhile", async () => {
    const seller = await session({ as: "seller" });
    const slug = await createListCopy(seller, uniqueName("Live wire"));
    const viewer = await session({ as: "admin" });
    // Failed attempts to reconnect are reported by the browser; they are what this test makes happen.
    viewer.allowConsole(/ERR_CONNECTION_REFUSED|net::ERR_/);
    const events = `**/pricesprivate/${slug}/events`;
    const connecting = viewer.page.getByText("Connecting to live prices…");
    const live = viewer.page.getByText("Live: prices update by themselves");
    const lost = viewer.page.getByText("Connection lost, reconnecting…");
    // The page's first connection is held until it has been seen connecting.
    let letThrough: () => void = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await viewer.page.route(
      events,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await viewer.goto(`/pricesprivate/${slug}`);
    await visible(connecting);
    expect(await live.count()).toBe(0);
    letThrough();
    await visible(live);
    await viewer.page.unroute(events);

    // From now on every attempt to reconnect is refused, until the route is lifted below.
    let refuse: () => void = () => {};
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    await viewer.page.route(events, async (route) => {
      await route.abort("connectionrefused");
      refuse();
    });
    // window.stop() cuts the page's open connections, its event stream among them, as a dropped network would.
    await viewer.page.evaluate(() => window.stop());
    await visible(lost);
    await refused;
    expect(await lost.isVisible()).toBe(true);
    expect(await live.count()).toBe(0);
    await viewer.scan();

    // A price changes while the page cannot hear about it.
    const cell = await changeFirstPrice(seller, slug, viewer.page, 2.22);
    expect(await cell.count()).toBe(0);

    // The connection comes back on the next attempt (the back-off waits up to 10 s), and the page
    // catches up with what it missed.
    await viewer.page.unroute(events);
    await visible(live, 30_000);
    await visible(cell);
    expect(await lost.count()).toBe(0);
    // The viewer leaves before the list goes (a list deleted under a staff page shows its 404).
    await viewer.goto("/dashboard", { axe: false });
    await seller.page.request.post("/prices-manage", { form: { intent: "delete", slug } });
  }, 120_000);
});
