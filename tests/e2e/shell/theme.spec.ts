import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const stored = (page: Page) => page.evaluate(() => localStorage.getItem("vite-ui-theme"));

async function chooseTheme(page: Page, name: "Light" | "Dark" | "System") {
  await page.getByRole("button", { name: /^Theme: / }).click();
  await page.getByRole("menuitemradio", { name }).click();
}

describe("theme", () => {
  it("switches light, dark and system with the toggle and stores it under vite-ui-theme", async () => {
    const s = await session({ colorScheme: "light" });
    await s.goto("/");
    expect(await isDark(s.page)).toBe(false);
    expect(await stored(s.page)).toBeNull();
    await visible(s.page.getByRole("button", { name: "Theme: System" }));

    await chooseTheme(s.page, "Dark");
    expect(await isDark(s.page)).toBe(true);
    expect(await stored(s.page)).toBe("dark");
    await visible(s.page.getByRole("button", { name: "Theme: Dark" }));
    await s.scan();

    await s.page.reload();
    await s.hydrated();
    expect(await isDark(s.page)).toBe(true);
    await visible(s.page.getByRole("button", { name: "Theme: Dark" }));

    await chooseTheme(s.page, "Light");
    expect(await isDark(s.page)).toBe(false);
    expect(await stored(s.page)).toBe("light");

    await chooseTheme(s.page, "System");
    expect(await stored(s.page)).toBe("system");
    expect(await isDark(s.page)).toBe(false);
    // "System" follows the device's preference as it changes.
    await s.page.emulateMedia({ colorScheme: "dark" });
    await s.page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await s.page.emulateMedia({ colorScheme: "light" });
    await s.page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
  });

  it("is rendered by the server, so a page is never painted in the wrong theme first", async () => {
    const s = await session({ as: "seller" });
    await s.goto("/dashboard");
    await chooseTheme(s.page, "Dark");
    const state = await s.context.storageState();

    // Without JavaScript only the server's HTML decides the theme.
    const browser = s.context.browser()!;
    const plain = await browser.newContext({ baseURL: s.page.url(), storageState: state, javaScriptEnabled: false });
    try {
      const page = await plain.newPage();
      for (const path of ["/dashboard", "/contact", "/profile"]) {
        await page.goto(path);
        expect(await isDark(page), path).toBe(true);
      }
    } finally {
      await plain.close();
    }
  });

  it("resolves 'system' before the body is parsed (no flash) and hydrates without warnings", async () => {
    for (const [colorScheme, theme] of [
      ["dark", "system"],
      ["light", "system"],
      ["light", "dark"],
      ["dark", "light"],
    ] as const) {
      const s = await session({ colorScheme, theme });
      // Records <html>'s class the moment <body> appears, before anything can be painted.
      await s.context.addInitScript(() => {
        const w = window as unknown as { __classAtBody?: string };
        new MutationObserver((_, observer) => {
          if (document.body) {
            w.__classAtBody = document.documentElement.className;
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      const wantDark = theme === "dark" || (theme === "system" && colorScheme === "dark");
      for (const path of ["/", "/login", "/products"]) {
        await s.goto(path);
        const atBody = await s.page.evaluate(
          () => (window as unknown as { __classAtBody?: string }).__classAtBody ?? "",
        );
        expect(atBody.split(" ").includes("dark"), `${theme} on a ${colorScheme} device at ${path}`).toBe(wantDark);
        expect(await isDark(s.page)).toBe(wantDark);
      }
      // Console errors (hydration warnings among them) fail the test in afterEach; check each session now.
      expect(s.consoleErrors()).toEqual([]);
    }
  });
});
