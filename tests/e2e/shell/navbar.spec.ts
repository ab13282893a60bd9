import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoEmails } from "../../support/server";
import { hidden, phone, scanAccessibility, useBrowser, visible, type Who } from "../../support/e2e";

const { session } = useBrowser();

const printItems = ["Print Short List", "Print Long List", "Print Selected"];
const staffPrices = ["View Prices", "Administer Prices", "Import QuickBooks", "Create WhatsApp List"];

/** The specification's labels and groups, filtered by the design's roles table. */
const expected: Record<Who, { links: string[]; groups: Record<string, string[]> }> = {
  anonymous: { links: ["Home", "Products", "Prices", "About Us", "Contact", "Log in"], groups: {} },
  customer: {
    links: ["Dashboard", "Assistant"],
    groups: { Products: ["View Products"], Prices: ["View Prices"], Print: printItems },
  },
  seller: {
    links: ["Dashboard", "Assistant"],
    groups: { Products: ["View Products", "Manage Products"], Prices: staffPrices, Print: printItems },
  },
  admin: {
    links: ["Dashboard", "Activity", "Assistant", "Manage Users"],
    groups: { Products: ["View Products", "Manage Products"], Prices: staffPrices, Print: printItems },
  },
};

async function names(locator: Locator) {
  const out: string[] = [];
  for (const item of await locator.all()) if (await item.isVisible()) out.push((await item.innerText()).trim());
  return out;
}

async function scrollY(page: Page) {
  return page.evaluate(() => window.scrollY);
}

describe.each(["anonymous", "customer", "seller", "admin"] as const)("navbar for %s", (who) => {
  it("shows the specification's labels and groups for the role, and nothing else", async () => {
    const s = await session({ as: who });
    await s.goto(who === "anonymous" ? "/about-us" : "/dashboard");
    const nav = s.page.getByRole("navigation", { name: "Main" });
    // The first link is the company's name, home; the language toggle is checked on its own.
    const links = (await names(nav.getByRole("link"))).slice(1).filter((n) => !/^(en|es)$/i.test(n));
    expect(await nav.getByRole("link").first().getAttribute("href")).toBe(who === "anonymous" ? "/" : "/dashboard");
    expect(links).toEqual(expected[who].links);

    const groupButtons = nav.getByRole("button").filter({ hasNotText: /^[a-z]$/ });
    const groups = (await names(groupButtons)).filter((n) => n.length > 0);
    expect(groups).toEqual(Object.keys(expected[who].groups));
    for (const [group, items] of Object.entries(expected[who].groups)) {
      await nav.getByRole("button", { name: group }).click();
      const menu = s.page.getByRole("menu");
      await visible(menu);
      expect(await names(menu.getByRole("menuitem"))).toEqual(items);
      await scanAccessibility(s.page, { modalOpen: true });
      await s.page.keyboard.press("Escape");
      await hidden(menu);
    }
  });

  it("has a footer with the business hours, hidden in print", async () => {
    const s = await session({ as: who });
    await s.goto(who === "anonymous" ? "/" : "/profile");
    const footer = s.page.getByRole("contentinfo");
    await visible(footer.getByText("Monday to Saturday, 4:00 AM to 11:00 AM"));
    await s.page.emulateMedia({ media: "print" });
    expect(await footer.isVisible()).toBe(false);
    expect(await s.page.getByRole("banner").isVisible()).toBe(false);
    await s.page.emulateMedia({ media: "screen" });
    expect(await footer.isVisible()).toBe(true);
  });

  it("collapses into a menu at phone width that blocks scrolling while open", async () => {
    const s = await session({ as: who, viewport: phone });
    await s.goto(who === "anonymous" ? "/" : "/dashboard");
    // Content tall enough to scroll whatever the page holds.
    await s.page.addStyleTag({ content: "main { min-height: 300vh; }" });
    const open = s.page.getByRole("button", { name: "open navigation menu" });
    await visible(open);
    expect(await open.getAttribute("aria-expanded")).toBe("false");
    await open.click();
    const close = s.page.getByRole("button", { name: "close navigation menu" });
    await visible(close);
    expect(await close.getAttribute("aria-expanded")).toBe("true");

    const menu = s.page.locator("#mobile-menu");
    const shown = await names(menu.getByRole("link"));
    const want = [...expected[who].links, ...Object.values(expected[who].groups).flat()];
    expect(shown).toEqual(want);
    await scanAccessibility(s.page);

    await s.page.mouse.move(200, 600);
    await s.page.mouse.wheel(0, 800);
    await s.page.waitForTimeout(300);
    expect(await scrollY(s.page), "no scrolling while the menu is open").toBe(0);

    await close.click();
    await visible(open);
    await s.page.mouse.wheel(0, 800);
    await s.page.waitForFunction(() => window.scrollY > 0);
  });

  it("closes the open menu with Escape, when the width changes, and when a link is followed", async () => {
    const s = await session({ as: who, viewport: phone });
    await s.goto(who === "anonymous" ? "/" : "/dashboard");
    await s.page.getByRole("button", { name: "open navigation menu" }).click();
    await visible(s.page.getByRole("button", { name: "close navigation menu" }));
    await s.page.locator("#mobile-menu").getByRole("link").first().focus();
    await s.page.keyboard.press("Escape");
    await visible(s.page.getByRole("button", { name: "open navigation menu" }));
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("mobile-menu");

    await s.page.getByRole("button", { name: "open navigation menu" }).click();
    await visible(s.page.getByRole("button", { name: "close navigation menu" }));
    await s.page.setViewportSize({ width: phone.width + 60, height: phone.height });
    await visible(s.page.getByRole("button", { name: "open navigation menu" }));

    await s.page.getByRole("button", { name: "open navigation menu" }).click();
    const target = who === "anonymous" ? "Contact" : "Print Long List";
    await s.page.locator("#mobile-menu").getByRole("link", { name: target }).click();
    await s.page.waitForURL(who === "anonymous" ? "**/contact" : "**/prices-long");
    await visible(s.page.getByRole("button", { name: "open navigation menu" }));
  });
});

describe("navbar behaviour", () => {
  it("hides on scrolling down past its height and comes back on scrolling up", async () => {
    const s = await session();
    await s.goto("/");
    await s.page.addStyleTag({ content: "main { min-height: 300vh; }" });
    const banner = s.page.getByRole("banner");
    const top = async () => (await banner.boundingBox())?.y ?? 0;
    expect(await top()).toBe(0);
    await s.page.mouse.move(600, 400);
    await s.page.mouse.wheel(0, 600);
    await s.page.waitForFunction(() => window.scrollY > 100);
    await expect.poll(top, { timeout: 5000 }).toBeLessThan(-32);
    await s.page.mouse.wheel(0, -200);
    await expect.poll(top, { timeout: 5000 }).toBe(0);
  });

  it("reacts to scrolling 30 ms after it starts, not before", async () => {
    const s = await session();
    await s.page.clock.install();
    await s.goto("/");
    await s.page.addStyleTag({ content: "main { min-height: 300vh; }" });
    const hiddenNow = () => s.page.getByRole("banner").evaluate((el) => el.classList.contains("-translate-y-full"));
    await s.page.clock.pauseAt(await s.page.evaluate(() => Date.now() + 1_000));
    // The scroll event comes with a later frame than the position changes; the navbar's listener,
    // added at hydration, has run once this one has.
    await s.page.evaluate(() => {
      window.addEventListener("scroll", () => document.documentElement.setAttribute("data-scrolled", ""), {
        once: true,
      });
      window.scrollTo(0, 600);
    });
    await s.page.waitForFunction(() => document.documentElement.hasAttribute("data-scrolled"));
    await s.page.clock.runFor(29);
    expect(await hiddenNow()).toBe(false);
    await s.page.clock.runFor(2);
    await s.page.waitForFunction(() => document.querySelector("header")?.classList.contains("-translate-y-full"));
  });

  it("shows the user menu with the email's first letter, the role, the profile link and Sign Out", async () => {
    for (const role of ["customer", "seller", "admin"] as const) {
      const s = await session({ as: role });
      await s.goto("/dashboard");
      const trigger = s.page.getByRole("button", { name: `Account menu for ${demoEmails[role]}` });
      expect((await trigger.innerText()).trim().toLowerCase()).toBe(demoEmails[role][0]);
      await trigger.click();
      const menu = s.page.getByRole("menu");
      await visible(menu.getByText(demoEmails[role]));
      await visible(menu.getByText(role[0].toUpperCase() + role.slice(1), { exact: true }));
      await visible(menu.getByRole("menuitem", { name: "Sign Out" }));
      await scanAccessibility(s.page, { modalOpen: true });
      await menu.getByRole("menuitem", { name: "Profile" }).click();
      await s.page.waitForURL("**/profile");
    }
  });
  it("switches between the menu button and the inline links at the 700px breakpoint", async () => {
    const s = await session({ viewport: { width: 699, height: 800 } });
    await s.goto("/about-us");
    const nav = s.page.getByRole("navigation", { name: "Main" });
    const menuButton = nav.getByRole("button", { name: "open navigation menu" });
    const inlineLink = nav.getByRole("link", { name: "Products", exact: true });
    await visible(menuButton);
    expect(await inlineLink.isVisible()).toBe(false);
    expect(await nav.getByRole("link", { name: "Log in" }).isVisible()).toBe(false);

    await s.page.setViewportSize({ width: 700, height: 800 });
    await visible(inlineLink);
    await visible(nav.getByRole("link", { name: "Log in" }));
    await hidden(menuButton);
  });

  it("has the specification's height, width and menu animation times", async () => {
    const s = await session({ viewport: phone });
    await s.goto("/");
    const header = s.page.getByRole("banner");
    const nav = s.page.getByRole("navigation", { name: "Main" });
    expect(await nav.evaluate((e) => e.getBoundingClientRect().height)).toBe(64);
    expect(await nav.evaluate((e) => getComputedStyle(e).height)).toBe("64px");
    expect(await nav.evaluate((e) => getComputedStyle(e).maxWidth)).toBe("1024px");

    const menu = s.page.locator("#mobile-menu");
    const animation = () =>
      menu.evaluate((e) => {
        const style = getComputedStyle(e);
        return `${style.animationName} ${style.animationDuration}`;
      });
    await s.page.getByRole("button", { name: "open navigation menu" }).click();
    await visible(menu);
    expect(await animation()).toBe("menu-open 0.3s");
    // On a busy machine the opening animation may start only now: its start must not be read as
    // the closing one's, so the menu is left to finish opening first.
    await menu.evaluate((e) => Promise.all(e.getAnimations().map((a) => a.finished)));
    // The closing animation lasts a quarter of a second: it is read as it starts, in the page,
    // rather than after a round trip to the test that a busy machine may make longer than that.
    const closing = menu.evaluate(
      (e) =>
        new Promise<string>((resolve) =>
          e.addEventListener("animationstart", () => {
            const style = getComputedStyle(e);
            resolve(`${style.animationName} ${style.animationDuration}`);
          }),
        ),
    );
    await s.page.getByRole("button", { name: "close navigation menu" }).click();
    expect(await closing).toBe("menu-close 0.25s");
    await hidden(menu);

    // At desktop width the header holds the navbar and nothing else: 4rem plus its 1px border.
    await s.page.setViewportSize({ width: 1280, height: 800 });
    expect(await header.evaluate((e) => e.getBoundingClientRect().height)).toBe(65);
    expect(await nav.evaluate((e) => e.getBoundingClientRect().width)).toBe(1024);
  });
});

describe("the navbar's groups from 700px", () => {
  it("open on hover without taking focus, close when the mouse leaves, and stay open once clicked", async () => {
    const s = await session({ as: "seller" });
    await s.page.setViewportSize({ width: 800, height: 700 });
    await s.goto("/dashboard");
    const prices = s.page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Prices" });
    const menu = s.page.getByRole("menu");
    await prices.hover();
    await visible(menu);
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute("role") ?? null)).not.toBe("menuitem");
    // From the group onto one of its items, the menu stays.
    await menu.getByRole("menuitem", { name: "Administer Prices" }).hover();
    await s.page.waitForTimeout(400);
    await visible(menu);
    await s.page.mouse.move(10, 650);
    await hidden(menu);

    await prices.hover();
    await visible(menu);
    await prices.click();
    await s.page.mouse.move(10, 650);
    await s.page.waitForTimeout(400);
    await visible(menu);
    await s.page.keyboard.press("Escape");
    await hidden(menu);
  });
});
