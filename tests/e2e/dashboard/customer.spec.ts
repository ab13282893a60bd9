import { describe, expect, it } from "vitest";
import { seedProducts } from "../../../app/setup/seed-data";
import { hidden, phone, scanAccessibility, useBrowser, visible } from "../../support/e2e";
import { createListCopy, priceRow, registerCustomer, uniqueName } from "../prices/fixtures";

const { session } = useBrowser();

/** Dollars as the Spanish pages write them, worked out here on their own. */
const dollarsEs = (cents: number) =>
  new Intl.NumberFormat("es-US", { style: "currency", currency: "USD" }).format(cents / 100);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function spanishName(english: string) {
  const found = seedProducts.find((p) => p.en === english);
  if (!found) throw new Error(`no demo product named ${english}`);
  return found.es;
}

describe("a customer's dashboard", () => {
  it("shows the prices a seller changed, ▲/▼ old → new, in Spanish on a phone, and searches the list", async () => {
    const listName = uniqueName("Dashboard");
    const email = `${uniqueName("dash").replace(/\s+/g, "-").toLowerCase()}@example.test`;

    // A seller's own list, copied from Wholesale, and a new customer assigned to it.
    const seller = await session({ as: "seller" });
    const slug = await createListCopy(seller, listName);
    const customer = await session({ viewport: phone, touch: true });
    await registerCustomer(customer, "Dalia Dashboard", email);
    await seller.goto(`/prices-manage/${slug}`, { axe: false });
    await seller.hydrated();
    const customers = seller.page.getByRole("region", { name: "Customers who see this list" });
    await customers.getByRole("checkbox", { name: new RegExp(escape(email)) }).check();
    await customers.getByRole("button", { name: "Save customers" }).click();
    await visible(customers.getByText("Price list updated successfully"));

    // Their first visit, in Spanish: the copy's prices are new to them, not changes.
    await customer.goto("/dashboard?lang=es");
    await visible(customer.page.getByRole("heading", { level: 2, name: "Cambios de precio en los últimos 7 días" }));
    await visible(customer.page.getByText("Ningún precio de su lista ha cambiado en los últimos 7 días."));
    await visible(customer.page.getByText(`Sus precios vienen de la lista ${listName}.`));
    await visible(customer.page.getByRole("link", { name: "Ver toda su lista de precios" }));
    await visible(
      customer.page.getByRole("navigation", { name: "Imprimir" }).getByRole("link", { name: "Lista corta" }),
    );

    // The seller raises one price, then lowers another in a second save.
    const price = (name: string) => seller.page.getByRole("textbox", { name, exact: true });
    const save = async () => {
      await seller.page.getByRole("button", { name: "Save changes" }).click();
      await visible(seller.page.getByText("Changes saved successfully."));
      await hidden(seller.page.getByText("You have unsaved changes."));
    };
    const cents = async (name: string) => Math.round(Number(await price(name).inputValue()) * 100);
    const raised = { name: "Hass Avocados", old: await cents("Hass Avocados") };
    await price(raised.name).fill(((raised.old + 125) / 100).toFixed(2));
    await save();
    const lowered = { name: "Bananas", old: await cents("Bananas") };
    await price(lowered.name).fill(((lowered.old - 50) / 100).toFixed(2));
    await save();

    // Back on the dashboard: both changes, the latest first, with the old and the new price.
    await customer.goto("/dashboard");
    const rows = customer.page
      .getByRole("list", { name: "Precios que cambiaron, los más recientes primero" })
      .getByRole("listitem");
    await visible(rows.first());
    expect(await rows.count()).toBe(2);
    const [first, second] = await Promise.all([rows.nth(0).innerText(), rows.nth(1).innerText()]);
    expect(first).toContain(spanishName(lowered.name));
    expect(first).toMatch(
      new RegExp(
        `▼[\\s\\S]*${escape(dollarsEs(lowered.old))}[\\s\\S]*→[\\s\\S]*${escape(dollarsEs(lowered.old - 50))}`,
      ),
    );
    expect(second).toContain(spanishName(raised.name));
    expect(second).toMatch(
      new RegExp(`▲[\\s\\S]*${escape(dollarsEs(raised.old))}[\\s\\S]*→[\\s\\S]*${escape(dollarsEs(raised.old + 125))}`),
    );
    // The page with its changes is scanned too: the first scan saw it without any.
    await scanAccessibility(customer.page);
    // Nothing of the page is wider than the phone.
    expect(await customer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // The search answers on the whole list, already filtered; typed without capitals or accents.
    const query = spanishName(lowered.name).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    await customer.page.getByRole("searchbox", { name: "Buscar en sus precios" }).fill(query);
    await customer.page.getByRole("button", { name: "Buscar" }).click();
    await customer.page.waitForURL((url) => url.pathname === "/pricesprivate" && url.searchParams.get("q") === query);
    await customer.hydrated();
    await visible(priceRow(customer.page, spanishName(lowered.name)));
    expect(await priceRow(customer.page, spanishName(raised.name)).count()).toBe(0);
    expect(await customer.page.getByRole("searchbox", { name: "Buscar un producto" }).inputValue()).toBe(query);
  });
});
