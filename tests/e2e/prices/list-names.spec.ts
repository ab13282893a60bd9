import { describe, expect, it } from "vitest";
import { phone, useBrowser, visible, type Session } from "../../support/e2e";
import { uniqueName } from "./fixtures";

const { session } = useBrowser();

async function noSideScroll(s: Session) {
  const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, s.page.url()).toBeLessThanOrEqual(0);
}

describe("a price list named in both languages", () => {
  it("takes long names in both languages on a phone, in Spanish, and marks a list left without its Spanish name", async () => {
    const s = await session({ as: "seller", lang: "es", viewport: phone });
    const tag = uniqueName("").trim();
    const english = `Broward restaurants and hotels, high season prices for large kitchens ${tag}`;
    const spanish = `Restaurantes y hoteles de Broward, precios de temporada alta para cocinas grandes ${tag}`;
    await s.goto("/prices-manage");
    const form = s.page.getByRole("region", { name: "Nueva lista de precios" });
    await form.getByRole("textbox", { name: "Nombre en inglés" }).fill(english);
    await form.getByRole("textbox", { name: "Nombre en español" }).fill(spanish);
    await form.getByRole("textbox", { name: "Descripción en español" }).fill("Para cocinas de hotel.");
    await form.getByRole("button", { name: "Crear lista de precios" }).click();
    await visible(s.page.getByText("Lista de precios creada correctamente"));
    // Spanish readers see the Spanish name, wrapped rather than pushing the page sideways.
    const link = s.page.getByRole("region", { name: "Listas de precios", exact: true }).getByRole("link", {
      name: spanish,
    });
    await visible(link);
    await noSideScroll(s);

    await link.click();
    await visible(s.page.getByRole("heading", { level: 1, name: spanish }));
    await visible(s.page.getByText("Para cocinas de hotel."));
    await noSideScroll(s);

    // Emptied, the Spanish name gives way to the English one, marked for staff.
    const details = s.page.getByRole("region", { name: "Nombre, descripción y uso" });
    await details.getByRole("textbox", { name: "Nombre en español" }).fill("");
    await details.getByRole("button", { name: "Guardar los datos" }).click();
    await visible(details.getByText("Lista de precios actualizada correctamente"));
    await visible(s.page.getByRole("heading", { level: 1, name: english }));
    await visible(s.page.getByText("Sin nombre en español").first());
    await noSideScroll(s);
  });
});
