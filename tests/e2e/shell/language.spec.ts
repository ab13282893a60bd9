import { describe, expect, it } from "vitest";
import { pathOf, useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

const htmlLang = (page: import("playwright-core").Page) => page.evaluate(() => document.documentElement.lang);

describe("language", () => {
  it("switches en ↔ es with the toggle, remembers the choice and sets <html lang>", async () => {
    const s = await session();
    await s.goto("/about-us");
    expect(await htmlLang(s.page)).toBe("en");
    const nav = s.page.getByRole("navigation", { name: "Main" });
    await visible(nav.getByRole("link", { name: "About Us" }));

    await s.page.getByRole("link", { name: "Switch language to Spanish" }).click();
    await s.page.waitForFunction(() => document.documentElement.lang === "es");
    expect(pathOf(s.page)).toBe("/about-us?lang=es");
    await visible(s.page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Nosotros" }));
    await s.scan();
    const cookie = (await s.context.cookies()).find((c) => c.name === "lang");
    expect(cookie?.value).toBe("es");

    // Remembered: a page without ?lang comes in Spanish, rendered so by the server.
    const response = await s.goto("/contact");
    expect(await response?.text()).toContain('<html lang="es"');
    expect(await htmlLang(s.page)).toBe("es");
    await visible(s.page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Contacto" }));

    await s.page.getByRole("link", { name: "Cambiar idioma a inglés" }).click();
    await s.page.waitForFunction(() => document.documentElement.lang === "en");
    await s.goto("/contact");
    expect(await htmlLang(s.page)).toBe("en");
    await visible(s.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }));
  });

  it.each([
    ["anonymous", ["/", "/products", "/prices", "/login", "/register"]],
    ["customer", ["/dashboard", "/profile", "/pricesprivate"]],
    ["admin", ["/manage-users", "/activity"]],
  ] as const)("takes ?lang=es on any URL (%s)", async (who, paths) => {
    const s = await session({ as: who });
    for (const path of paths) {
      await s.goto(`${path}?lang=es`);
      expect(await htmlLang(s.page), path).toBe("es");
      await visible(s.page.getByRole("navigation", { name: "Principal" }));
    }
    await s.goto(`${paths[0]}?lang=en`);
    expect(await htmlLang(s.page)).toBe("en");
  });

  it("switches a signed-in page's language in place, with texts from a file the browser keeps", async () => {
    const s = await session({ as: "seller" });
    const files: string[] = [];
    s.page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/translations/")) files.push(pathname);
    });
    const html = await (await s.goto("/pricesprivate"))!.text();
    expect(html).toMatch(/<meta name="translations" content="\/translations\/en\.[\w-]+\.json"/);
    // The page itself carries no translations: not even those of the import screen.
    expect(html).not.toContain("Processing Batch");
    await visible(s.page.getByRole("heading", { level: 1, name: "Price lists" }));

    await s.page.getByRole("link", { name: "ES: Switch language to Spanish" }).click();
    await s.page.waitForFunction(() => document.documentElement.lang === "es");
    await visible(s.page.getByRole("heading", { level: 1, name: "Listas de precios" }));
    await visible(s.page.getByRole("navigation", { name: "Principal" }));
    expect(files).toEqual([
      expect.stringMatching(/^\/translations\/en\./),
      expect.stringMatching(/^\/translations\/es\./),
    ]);
  });

  it("follows the browser's Accept-Language when nothing was chosen", async () => {
    const s = await session();
    await s.context.setExtraHTTPHeaders({ "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    await s.goto("/products");
    expect(await htmlLang(s.page)).toBe("es");
  });

  it("shows the signed-in navbar and user menu in Spanish", async () => {
    const s = await session({ as: "customer", lang: "es" });
    await s.goto("/dashboard");
    const nav = s.page.getByRole("navigation", { name: "Principal" });
    await visible(nav.getByRole("link", { name: "Panel" }));
    await visible(nav.getByRole("button", { name: "Imprimir" }));
    await s.page.getByRole("button", { name: "Menú de la cuenta de customer@demo.test" }).click();
    const menu = s.page.getByRole("menu");
    await visible(menu.getByText("Cliente", { exact: true }));
    await visible(menu.getByRole("menuitem", { name: "Cerrar sesión" }));
  });
});
