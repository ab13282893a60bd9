import { describe, expect, it } from "vitest";
import { applyAdjustment, formatMoney } from "../../../app/lib/money";
import { hidden, useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

describe("administering price lists", () => {
  it("creates a list copied from another with a previewed percentage, then deletes it after confirming", async () => {
    const s = await session({ as: "seller" });
    await s.goto("/prices-manage");
    const name = `Hotels ${Date.now()}`;
    const form = s.page.getByRole("region", { name: "New price list" });
    await form.getByRole("textbox", { name: "Name in English" }).fill(name);
    await form.getByRole("combobox", { name: "Start from" }).selectOption({ label: "A copy of Wholesale" });
    await form.getByRole("combobox", { name: "Adjustment" }).selectOption("percentage");
    const preview = s.page.getByTestId("create-preview");
    await visible(preview);
    const firstNow = await preview.locator("tr").first().locator("td").nth(1).innerText();
    await form.getByRole("textbox", { name: /^Percent/ }).fill("10");
    const nowCents = Math.round(Number(firstNow.replace(/[^0-9.]/g, "")) * 100);
    const expected = formatMoney(applyAdjustment(nowCents, "percentage", 1000), "en");
    await s.page.waitForFunction(
      (want) => document.querySelector("[data-testid=create-preview] tr td:nth-child(3)")?.textContent === want,
      expected,
    );
    await form.getByRole("textbox", { name: /^Percent/ }).fill("abc");
    await visible(form.getByText(/Enter a number such as 5/));
    await form.getByRole("textbox", { name: /^Percent/ }).fill("10");
    await form.getByRole("button", { name: "Create price list" }).click();
    await visible(s.page.getByText("Price list added successfully"));
    const row = s.page.locator("tbody tr").filter({ hasText: name });
    await visible(row);
    expect(await row.innerText()).toContain("Wholesale +10%");
    await s.scan();

    await row.getByRole("button", { name: "Delete" }).click();
    const dialog = s.page.getByRole("alertdialog");
    await visible(dialog.getByText(`Delete the price list “${name}”?`));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await hidden(dialog);
    expect(await row.count()).toBe(1);
    await row.getByRole("button", { name: "Delete" }).click();
    await s.page.getByRole("alertdialog").getByRole("button", { name: "Delete price list" }).click();
    await visible(s.page.getByText("Price list deleted successfully"));
    await hidden(s.page.locator("section[aria-labelledby=price-lists] tbody tr").filter({ hasText: name }));
  });

  it("speaks Spanish", async () => {
    const s = await session({ as: "admin", lang: "es" });
    await s.goto("/prices-manage");
    await visible(s.page.getByRole("heading", { level: 1, name: "Administrar precios" }));
    await visible(s.page.getByRole("button", { name: "Crear lista de precios" }));
  });
});
