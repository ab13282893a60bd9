import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { desktop, hidden, pathOf, phone, useBrowser, visible } from "../../support/e2e";
import { createListCopy, priceRow } from "../prices/fixtures";

const { session } = useBrowser();

/** Types a message and sends it with Enter, as people do; answers its answer once it is complete. */
async function ask(page: Page, text: string, label = "Your message") {
  const answers = page.getByRole("article", { name: /^(Assistant|Asistente)$/ });
  const before = await answers.count();
  await page.getByLabel(label).fill(text);
  await page.getByLabel(label).press("Enter");
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll("article[aria-label='Assistant'], article[aria-label='Asistente']").length > n &&
      !document.querySelector("article[aria-busy='true']"),
    before,
  );
  return answers.nth(before);
}

/** A list name the engine reads as one list: words only, unlike any other list's. */
function listName(prefix: string) {
  const letters = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]);
  return `${prefix} ${letters}`;
}

describe("the price assistant", () => {
  it("lets a seller raise a category 5% on a phone in Spanish, confirm it, see it live, and undo it", async () => {
    const name = listName("Hoteles");
    const slug = await createListCopy(await session({ as: "seller" }), name);
    const seller = await session({ as: "seller", lang: "es", viewport: phone });
    const watcher = await session({ as: "admin", lang: "es" });
    await watcher.goto(`/pricesprivate/${slug}`, { axe: false });
    const basilBefore = await priceRow(watcher.page, "Albahaca").getByRole("cell").last().innerText();

    await seller.goto("/ai");
    await visible(seller.page.getByRole("heading", { level: 1, name: "Asistente de precios" }));
    const answer = await ask(seller.page, `sube todas las hierbas 5% en la lista ${name}`, "Su mensaje");
    await visible(answer.getByRole("heading", { name: new RegExp(`^Cambio propuesto en ${name}: \\d+ productos$`) }));
    await visible(answer.getByText("Todavía no cambió nada: confirme para aplicarlo."));
    const basil = answer.getByRole("row").filter({ hasText: "Albahaca" });
    const [, oldPrice, newPrice] = await basil.getByRole("cell").allInnerTexts();
    expect(oldPrice).toBe(basilBefore);
    expect(newPrice).not.toBe(oldPrice);

    await answer.getByRole("button", { name: "Confirmar" }).click();
    await visible(seller.page.getByText(/^Listo: cambiaron \d+ precios\.$/));
    await visible(answer.getByText("Aplicado."));
    // The open price page shows the new price by itself.
    await visible(priceRow(watcher.page, "Albahaca").getByRole("cell", { name: newPrice, exact: true }));

    await answer.getByRole("button", { name: "Deshacer" }).click();
    await visible(seller.page.getByText(/^Deshecho: \d+ precios volvieron a como estaban\.$/));
    await visible(priceRow(watcher.page, "Albahaca").getByRole("cell", { name: oldPrice, exact: true }));

    // The conversation is kept: a reload resumes it, with the card as it is now.
    await seller.page.reload();
    await seller.hydrated();
    expect(pathOf(seller.page)).toMatch(/^\/ai\?c=[0-9a-f-]{36}$/);
    await visible(seller.page.getByText("Deshecho: volvieron los precios anteriores."));
    expect(await seller.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

    // A listing is a card per product on a phone: every column reads whole, nothing scrolls sideways.
    const listing = await ask(seller.page, `precio de los aguacates en la lista ${name}`, "Su mensaje");
    const products = listing.getByRole("region");
    await visible(products.getByText("Disponibilidad").first());
    expect(await products.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await seller.scan();
  });

  it("shows a customer their own prices and refuses them a change", async () => {
    const s = await session({ as: "customer", viewport: desktop });
    await s.goto("/ai");
    const listed = await ask(s.page, "show me the herbs");
    await visible(listed.getByRole("table", { name: /products? on Customers$/ }));
    await visible(listed.getByRole("rowheader", { name: /Basil/ }));
    await visible(listed.getByRole("link", { name: "Open Customers" }));

    const refused = await ask(s.page, "raise basil to 20 dollars");
    expect(await refused.getByRole("button", { name: "Confirm" }).count()).toBe(0);
    expect(await refused.innerText()).toMatch(/can't|cannot|only/i);
  });

  it("keeps conversations to resume, rename and delete", async () => {
    const s = await session({ as: "seller", viewport: desktop });
    await s.goto("/ai");
    await ask(s.page, "how did limes move this month?");
    await s.page.waitForURL(/\/ai\?c=/);
    const nav = s.page.getByRole("navigation", { name: "Conversations" });
    const item = nav.getByRole("link", { name: /how did limes move this month\?/ });
    await visible(item);

    await nav.getByRole("button", { name: "Rename how did limes move this month?" }).first().click();
    await nav.getByLabel("New name").fill("Limes watch");
    await nav.getByLabel("New name").press("Enter");
    await visible(nav.getByRole("link", { name: /Limes watch/ }));
    await s.page.reload();
    await s.hydrated();
    await visible(s.page.getByRole("heading", { level: 1, name: "Limes watch" }));

    await nav.getByRole("button", { name: "Delete Limes watch" }).click();
    await s.page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await s.page.waitForURL((url) => url.pathname === "/ai" && !url.search);
    await hidden(nav.getByRole("link", { name: /Limes watch/ }));
  });

  it("answers a message sent while the new conversation's address is still loading", async () => {
    const s = await session({ as: "seller", viewport: desktop });
    await s.goto("/ai", { axe: false });
    // As on a slow connection: the new conversation's data (read before the second message) arrives
    // only once the second message is on its way.
    let secondSent = () => {};
    let released = false;
    const sent = new Promise<void>((resolve) => (secondSent = resolve)).then(() => (released = true));
    await s.page.route(/\/ai\.data\?c=/, async (route) => {
      if (released) return route.continue();
      const response = await route.fetch();
      await sent;
      // The page may have given the request up meanwhile (a newer load of the same data).
      await route.fulfill({ response }).catch(() => {});
    });
    let posts = 0;
    await s.page.route("**/ai/messages", async (route) => {
      posts += 1;
      if (posts === 2) {
        secondSent();
        await s.page.waitForURL(/\/ai\?c=/);
      }
      await route.continue();
    });
    await ask(s.page, "show me the herbs");
    const second = await ask(s.page, "show me the fruits");
    await visible(second.getByRole("table", { name: /products? on / }));
    expect(await s.page.getByRole("article", { name: "You" }).count()).toBe(2);
    expect(await s.page.getByRole("article", { name: "Assistant" }).count()).toBe(2);
    await s.page.unrouteAll({ behavior: "ignoreErrors" });
  });

  it("keeps a message the connection dropped, and sends it again on retry", async () => {
    const s = await session({ as: "seller" });
    s.allowConsole(/Failed to load resource: net::ERR_FAILED/);
    await s.goto("/ai", { axe: false });
    await s.page.route("**/ai/messages", (route) => route.abort());
    const box = s.page.getByLabel("Your message");
    await box.fill("show me the herbs");
    await box.press("Enter");
    await visible(s.page.getByText("Network error. Please check your connection"));
    expect(await box.inputValue()).toBe("show me the herbs");

    await s.page.unrouteAll();
    await s.page.getByRole("button", { name: "Try again" }).click();
    await visible(s.page.getByRole("table", { name: /products? on Customers$/ }));
    expect(await s.page.getByRole("article", { name: "You" }).count()).toBe(1);
  });

  it("sends anonymous visitors to sign in, saying why", async () => {
    const s = await session();
    await s.goto("/ai", { axe: false });
    expect(pathOf(s.page)).toBe("/login?redirectTo=%2Fai");
    await visible(s.page.getByText("Please log in to use the assistant."));
  });
});
