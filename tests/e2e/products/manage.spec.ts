import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { discardEdits, hidden, phone, scanAccessibility, useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

/** Products made by this file, so other files' edits of the demo data never meet ours. */
const unique = () => Math.random().toString(36).slice(2, 8);

async function createProduct(s: Awaited<ReturnType<typeof session>>, nameEn: string, nameEs: string) {
  await s.page.getByRole("button", { name: "New product" }).click();
  const dialog = s.page.getByRole("dialog", { name: "New product" });
  await dialog.getByRole("textbox", { name: "Name (English)" }).fill(nameEn);
  await dialog.getByRole("textbox", { name: "Name (Spanish)" }).fill(nameEs);
  await dialog.getByRole("combobox", { name: "Category" }).selectOption("vegetables");
  await dialog.getByRole("textbox", { name: "Base price ($)" }).fill("abc");
  await dialog.getByRole("button", { name: "Create product" }).click();
  await visible(dialog.getByText("Invalid price format"));
  await dialog.getByRole("textbox", { name: "Base price ($)" }).fill("18.40");
  await dialog.getByRole("textbox", { name: "Unit", exact: true }).fill("case");
  await dialog.getByRole("textbox", { name: "Pack value" }).fill("25");
  await dialog.getByRole("textbox", { name: "Pack unit" }).fill("lb");
  // Inactive: visitors and customers never see it, so other tests' counts of the demo data hold.
  await dialog.getByRole("checkbox", { name: "Active" }).uncheck();
  await scanAccessibility(s.page, { modalOpen: true });
  await dialog.getByRole("button", { name: "Create product" }).click();
  await hidden(dialog);
  await visible(s.page.getByText("Product created.").first());
}

describe("managing products", () => {
  it("takes the longest names in both languages on a phone, in Spanish and in English, without pushing the page sideways", async () => {
    const tag = unique();
    const nameEn = `Extra large Florida red sweet bell peppers, hand picked for restaurants ${tag}`.padEnd(120, "x");
    const nameEs = `Pimientos morrones rojos dulces de la Florida, extra grandes, para restaurantes ${tag}`.padEnd(
      120,
      "x",
    );
    const seller = await session({ as: "seller" });
    await seller.goto("/products/manage");
    await createProduct(seller, nameEn, nameEs);
    for (const lang of ["es", "en"] as const) {
      const s = await session({ as: "seller", lang, viewport: phone });
      for (const path of [`/products/manage?q=${tag}`, `/products?q=${tag}&status=all`]) {
        await s.goto(path, { axe: false });
        const name = lang === "es" ? nameEs : nameEn;
        await s.page.waitForFunction(
          (text) =>
            document.body.innerText.includes(text) ||
            [...document.querySelectorAll("input")].some((i) => i.value === text),
          name,
        );
        const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} in ${lang}`).toBeLessThanOrEqual(0);
      }
    }
  });

  it("creates a product, edits two rows in place, discards, saves, and finds nothing for a filter that matches nothing", async () => {
    const s = await session({ as: "seller" });
    const tag = unique();
    await s.goto("/products/manage");
    await createProduct(s, `Okra ${tag}`, `Quimbombó ${tag}`);
    await createProduct(s, `Chayote ${tag}`, `Chayote ${tag}`);

    await s.goto(`/products/manage?q=${tag}`);
    await visible(s.page.getByText("2 products"));
    const okraPrice = s.page.getByRole("textbox", { name: `Base price ($) of Okra ${tag}` });
    const chayoteQty = s.page.getByRole("textbox", { name: `Quantity of Chayote ${tag}` });
    expect(await okraPrice.inputValue()).toBe("18.40");

    await okraPrice.fill("19.99");
    await visible(s.page.getByText("You have unsaved changes."));
    await discardEdits(s.page);
    expect(await okraPrice.inputValue()).toBe("18.40");
    await hidden(s.page.getByText("You have unsaved changes."));

    await okraPrice.fill("-2");
    await visible(s.page.getByText("Invalid price format: a price cannot be below $0.", { exact: true }));
    expect(await s.page.getByRole("button", { name: "Save changes" }).isDisabled()).toBe(true);
    await okraPrice.fill("19.99");
    await chayoteQty.fill("42");
    await s.page.getByRole("combobox", { name: `Availability of Chayote ${tag}` }).selectOption("out_of_stock");
    await visible(s.page.getByText("2 products edited"));
    await s.scan();
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    await s.page.reload();
    expect(await okraPrice.inputValue()).toBe("19.99");
    expect(await chayoteQty.inputValue()).toBe("42");

    await s.goto(`/products/manage?q=${tag}&availability=in_stock&category=herbs`);
    await visible(s.page.getByText("No products match the current filters."));
  });

  it("a save over someone else's newer one shows their change, and saves only my cells when asked", async () => {
    const seller = await session({ as: "seller" });
    // The refused save answers 409, which the browser reports.
    seller.allowConsole(/status of 409/);
    const tag = unique();
    await seller.goto("/products/manage");
    await createProduct(seller, `Malanga ${tag}`, `Malanga ${tag}`);
    await seller.goto(`/products/manage?q=${tag}`);
    const admin = await session({ as: "admin" });
    await admin.goto(`/products/manage?q=${tag}`);

    await admin.page.getByRole("textbox", { name: `Base price ($) of Malanga ${tag}` }).fill("20.00");
    await admin.page.getByRole("button", { name: "Save changes" }).click();
    await visible(admin.page.getByText("Changes saved successfully."));

    await seller.page.getByRole("textbox", { name: `Quantity of Malanga ${tag}` }).fill("15");
    await seller.page.getByRole("button", { name: "Save changes" }).click();
    await visible(seller.page.getByText("Someone else saved these products after you opened them. Nothing was saved."));
    await visible(seller.page.getByText(new RegExp(`Malanga ${tag} was changed by`)));
    await seller.page.getByRole("button", { name: "Save mine anyway" }).click();
    await visible(seller.page.getByText("Changes saved successfully."));

    await admin.page.reload();
    expect(await admin.page.getByRole("textbox", { name: `Quantity of Malanga ${tag}` }).inputValue()).toBe("15");
    expect(await admin.page.getByRole("textbox", { name: `Base price ($) of Malanga ${tag}` }).inputValue()).toBe(
      "20.00",
    );
  });

  it("keeps working when a saved row no longer matches the filter", async () => {
    const s = await session({ as: "seller" });
    const tag = unique();
    await s.goto("/products/manage");
    await createProduct(s, `Mamey ${tag}`, `Mamey ${tag}`);
    await s.goto(`/products/manage?q=${tag}&category=vegetables`);
    await s.page.getByRole("combobox", { name: `Category of Mamey ${tag}` }).selectOption("others");
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("No products match the current filters."));
    await s.goto(`/products/manage?q=${tag}&category=others`);
    await visible(s.page.getByRole("textbox", { name: `Name (English) of Mamey ${tag}` }));
  });

  it("asks before leaving with unsaved changes, archives with a confirmation and restores", async () => {
    const s = await session({ as: "admin", lang: "es" });
    const tag = unique();
    await s.goto("/products/manage?lang=es");
    await s.page.getByRole("button", { name: "Nuevo producto" }).click();
    const dialog = s.page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Nombre (inglés)" }).fill(`Yuca ${tag}`);
    await dialog.getByRole("textbox", { name: "Nombre (español)" }).fill(`Yuca ${tag}`);
    await dialog.getByRole("checkbox", { name: "Activo" }).uncheck();
    await dialog.getByRole("button", { name: "Crear producto" }).click();
    await visible(s.page.getByText("Producto creado."));

    await s.goto(`/products/manage?q=${tag}`);
    const name = s.page.getByRole("textbox", { name: `Nombre (español) de Yuca ${tag}` });
    await name.fill(`Yuca fresca ${tag}`);
    await visible(s.page.getByText("Tiene cambios sin guardar."));
    await s.page.getByRole("link", { name: "Quitar filtros" }).click();
    const leave = s.page.getByRole("alertdialog");
    await visible(leave.getByText("¿Salir sin guardar?"));
    await leave.getByRole("button", { name: "Quedarse en esta página" }).click();
    expect(await name.inputValue()).toBe(`Yuca fresca ${tag}`);
    await discardEdits(s.page, "Descartar cambios");

    await s.page.getByRole("button", { name: `Archivar Yuca ${tag}` }).click();
    const confirm = s.page.getByRole("alertdialog");
    await visible(confirm.getByText(`¿Archivar Yuca ${tag}?`));
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await s.page.getByRole("button", { name: `Archivar Yuca ${tag}` }).click();
    await s.page.getByRole("alertdialog").getByRole("button", { name: "Archivar" }).click();
    await visible(s.page.getByText("Ningún producto coincide con los filtros actuales."));
    await s.goto(`/products/manage?q=${tag}&status=archived`);
    await visible(s.page.getByText("Archivado", { exact: true }));
    await s.page.getByRole("button", { name: `Restaurar Yuca ${tag}` }).click();
    // Leaving before the answer would cancel the restore.
    await visible(s.page.getByText("Producto restaurado."));
    await s.goto(`/products/manage?q=${tag}`);
    await visible(s.page.getByRole("textbox", { name: `Nombre (español) de Yuca ${tag}` }));
  });

  it("uploads a picture, refuses a text file and a file over 5 MB, and takes an image URL", async () => {
    const s = await session({ as: "seller" });
    // The refused upload and address answer 400, which the browser reports.
    s.allowConsole(/status of 400/);
    const tag = unique();
    await s.goto("/products/manage");
    await createProduct(s, `Plantain ${tag}`, `Plátano ${tag}`);
    await s.goto(`/products/manage?q=${tag}`);
    await s.page.getByRole("button", { name: `Change the image of Plantain ${tag}` }).click();
    const dialog = s.page.getByRole("dialog", { name: `Image of Plantain ${tag}` });
    await visible(dialog.getByText("No image yet.").first());
    await scanAccessibility(s.page, { modalOpen: true });

    const file = dialog.getByLabel("Image file");
    await file.setInputFiles({ name: "notes.png", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
    await visible(dialog.getByText(/Only image files can be uploaded/));
    await file.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 7) });
    await visible(dialog.getByText("Error uploading image: The image is larger than 5 MB."));

    // Named and typed as a PNG, but text: only the server, reading the bytes, can tell.
    await file.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("plain text, not a PNG") });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await visible(dialog.getByText("Error uploading image"));
    await visible(dialog.getByText(/Only image files can be uploaded/));

    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#f2c14e" } })
      .png()
      .toBuffer();
    await file.setInputFiles({ name: "plantain.png", mimeType: "image/png", buffer: png });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await hidden(dialog);
    await visible(s.page.getByText("Image updated."));
    const thumb = s.page.locator(`tr:has([aria-label="Change the image of Plantain ${tag}"]) img`);
    await s.page.waitForFunction(
      (el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0,
      await thumb.elementHandle(),
    );

    await s.page.getByRole("button", { name: `Change the image of Plantain ${tag}` }).click();
    const again = s.page.getByRole("dialog", { name: `Image of Plantain ${tag}` });
    await again.getByRole("textbox", { name: "Image URL" }).fill("http://insecure.example/p.png");
    await again.getByRole("button", { name: "Use this URL" }).click();
    await visible(again.getByText("Invalid URL or product selected"));
    await again.getByRole("button", { name: "Remove image" }).click();
    await hidden(again);
  });

  it("works on a phone in Spanish and dark mode", async () => {
    const s = await session({ as: "seller", lang: "es", viewport: phone, colorScheme: "dark" });
    await s.goto("/products/manage?lang=es");
    await visible(s.page.getByRole("heading", { name: "Administrar productos" }));
    // Save and Discard wait in the save bar, which comes with the first edit.
    await hidden(s.page.getByRole("button", { name: "Guardar cambios" }));
    const quantity = s.page.locator('input[data-cell="quantity"]').first();
    await quantity.fill(`${(await quantity.inputValue()) || "0"}1`);
    await visible(s.page.getByRole("button", { name: "Guardar cambios" }));
    await visible(s.page.getByText("Tiene cambios sin guardar."));
    await s.scan();
    await discardEdits(s.page, "Descartar cambios");
    await hidden(s.page.getByText("Tiene cambios sin guardar."));
    // The table scrolls inside its frame; the page itself never scrolls sideways.
    const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Scrolled sideways, the name in the reader's language stays in view: the one rows sort by.
    const sticky = await s.page
      .locator("thead th")
      .evaluateAll((cells) =>
        cells.filter((c) => getComputedStyle(c).position === "sticky").map((c) => (c as HTMLElement).innerText),
      );
    expect(sticky).toEqual(["Nombre (español)"]);
  });
});
