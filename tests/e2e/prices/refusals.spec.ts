import type { APIRequestContext } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { pathOf, useBrowser, visible } from "../../support/e2e";
import { apiAs, createListCopy, submitCraftedForm, uniqueName } from "./fixtures";

const { session } = useBrowser();

const contexts: APIRequestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.dispose()));
});
async function api(role: Parameters<typeof apiAs>[0]) {
  const context = await apiAs(role);
  contexts.push(context);
  return context;
}

describe("price list actions refused by role", () => {
  it("shows a customer their list read-only, and refuses the editor's actions posted with their cookie", async () => {
    const seller = await session({ as: "seller" });
    const name = uniqueName("Not for customers");
    const slug = await createListCopy(seller, name);
    await seller.goto(`/prices-manage/${slug}`, { axe: false });
    const product = await seller.page.getByRole("rowheader").first().locator("label").innerText();
    const input = seller.page.getByRole("textbox", { name: product, exact: true });
    const before = await input.inputValue();
    const productId = (await input.getAttribute("id"))?.replace(/^price-/, "") ?? "";
    expect(productId).toMatch(/^[0-9a-f-]{36}$/);

    // What the customer is given: prices to read, nothing to change.
    const customer = await session({ as: "customer", lang: "es" });
    await customer.goto("/pricesprivate");
    const main = customer.page.getByRole("main");
    await visible(main.getByRole("heading", { level: 2, name: "Clientes", exact: true }));
    expect(await main.getByRole("row").count()).toBeGreaterThan(10);
    expect(await main.getByRole("searchbox", { name: "Buscar un producto" }).count()).toBe(1);
    for (const role of ["textbox", "spinbutton"] as const) {
      expect(await main.getByRole(role).count(), `${role}es on the customer's page`).toBe(0);
    }
    // The only lists, boxes and buttons filter the rows or choose products to print.
    const lists = await main
      .getByRole("combobox")
      .evaluateAll((all) => all.map((c) => (c as HTMLSelectElement).labels?.[0]?.textContent));
    expect(lists).toEqual(["Categoría", "Disponibilidad"]);
    await visible(main.getByRole("checkbox", { name: "Cambiados hoy" }));
    const boxes = await main
      .locator("tbody, h2")
      .getByRole("checkbox")
      .evaluateAll((all) => all.map((b) => b.getAttribute("aria-label")));
    expect(boxes.length).toBeGreaterThan(10);
    expect(boxes.every((label) => label?.startsWith("Seleccionar "))).toBe(true);
    const buttons = await main.getByRole("button").allInnerTexts();
    expect(buttons.sort()).toEqual([
      "Imprimir seleccionados",
      "Quitar la selección",
      "Seleccionar todo lo que se muestra",
    ]);
    await customer.goto(`/prices-manage/${slug}`, { axe: false });
    expect(pathOf(customer.page)).toBe("/unauthorized");

    // The editor's own requests, sent with the customer's saved cookie.
    const asCustomer = await api("customer");
    const edits = JSON.stringify([{ productId, price: "0.01" }]);
    const attempts: Array<[string, Record<string, string>]> = [
      [`/prices-manage/${slug}`, { intent: "save", edits }],
      [`/prices-manage/${slug}.data`, { intent: "save", edits }],
      [`/prices-manage/${slug}/prices`, { edits }],
      [
        `/prices-manage/${slug}/prices`,
        { edits, bulk: JSON.stringify({ type: "fixed", value: -1, rounding: "cent", category: null }) },
      ],
      [`/prices-manage/${slug}`, { intent: "version", reason: "mine now" }],
      [`/prices-manage/${slug}`, { intent: "assign", customerIds: "[]" }],
      ["/prices-manage", { intent: "delete", slug }],
      ["/prices-manage", { intent: "update", slug, name: "Taken over" }],
    ];
    for (const [url, form] of attempts) {
      const res = await asCustomer.post(url, { form, maxRedirects: 0 });
      expect(res.status(), `${form.intent} on ${url}`).toBe(403);
    }
    // And once from the customer's own browser, with a form crafted in the page: a translated refusal.
    customer.allowConsole(/status of 403/);
    await customer.goto("/pricesprivate", { axe: false });
    const answer = await submitCraftedForm(customer.page, `/prices-manage/${slug}`, { intent: "save", edits });
    expect(answer.status()).toBe(403);
    await visible(customer.page.getByRole("heading", { level: 1, name: "403 Acceso denegado" }));
    await visible(customer.page.getByRole("main").getByText("No tiene permiso para hacer eso."));
    await customer.scan();

    // Nobody signed in is sent to sign in, and nothing happens either.
    const res = await (
      await api("anonymous")
    ).post("/prices-manage", { form: { intent: "delete", slug }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe(`/login?redirectTo=${encodeURIComponent("/prices-manage")}`);

    // Nothing changed: same name, same price, no version.
    await seller.goto(`/prices-manage/${slug}`, { axe: false });
    await visible(seller.page.getByRole("heading", { level: 1, name }));
    expect(await input.inputValue()).toBe(before);
    await visible(seller.page.getByText("No versions yet. Save one before big changes."));
    await seller.page.request.post("/prices-manage", { form: { intent: "delete", slug } });
  });

  it("refuses a seller restoring a deleted list, which only an admin may do", async () => {
    const seller = await session({ as: "seller" });
    const name = uniqueName("Deleted for good");
    const slug = await createListCopy(seller, name);
    const deleted = await seller.page.request.post("/prices-manage", { form: { intent: "delete", slug } });
    expect(deleted.status()).toBe(200);

    await seller.goto("/prices-manage");
    expect(await seller.page.getByRole("region", { name: "Deleted price lists" }).count()).toBe(0);
    seller.allowConsole(/status of 403/);
    const answer = await submitCraftedForm(seller.page, "/prices-manage", { intent: "restore", slug });
    expect(answer.status()).toBe(403);
    await visible(seller.page.getByText("Failed to restore price list"));
    await visible(seller.page.getByText("You do not have permission to do that."));
    const lists = seller.page.getByRole("region", { name: "Price lists", exact: true });
    await visible(lists.getByRole("link").first());
    expect(await lists.getByRole("link", { name, exact: true }).count()).toBe(0);
    expect((await seller.page.request.get(`/prices-manage/${slug}`, { maxRedirects: 0 })).status()).toBe(404);

    // An admin sees it among the deleted lists and brings it back.
    const admin = await session({ as: "admin" });
    await admin.goto("/prices-manage");
    const deletedLists = admin.page.getByRole("region", { name: "Deleted price lists" });
    const row = deletedLists.getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name: "Restore" }).click();
    await visible(admin.page.getByText("Price list restored successfully"));
    await visible(
      admin.page.getByRole("region", { name: "Price lists", exact: true }).getByRole("link", { name, exact: true }),
    );
    await admin.page.request.post("/prices-manage", { form: { intent: "delete", slug } });
  });
});
