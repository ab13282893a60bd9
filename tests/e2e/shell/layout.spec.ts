import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { desktop, phone, useBrowser, visible, type Who } from "../../support/e2e";

const { session } = useBrowser();

/**
 * The main pages, each opened by someone allowed to see it. On a `grid` the cells are typed in: its
 * rows stay one line each and the table scrolls sideways in its frame; every other table fits.
 */
const pages: Array<{ path: string; as: Who; grid?: boolean }> = [
  { path: "/", as: "anonymous" },
  { path: "/products", as: "anonymous" },
  { path: "/prices", as: "anonymous" },
  { path: "/about-us", as: "anonymous" },
  { path: "/contact", as: "anonymous" },
  { path: "/login", as: "anonymous" },
  { path: "/dashboard", as: "customer" },
  { path: "/pricesprivate", as: "customer" },
  { path: "/prices-manage", as: "admin" },
  { path: "/prices-manage/wholesale", as: "admin", grid: true },
  { path: "/products/manage", as: "admin", grid: true },
  { path: "/activity", as: "admin" },
  { path: "/manage-users", as: "admin" },
  { path: "/import-quickbooks", as: "admin" },
  { path: "/ai", as: "admin" },
];

/** Where each page's picture is kept for people to look at (not committed). */
const pictures = path.resolve(".tmp", "layout");

/**
 * The left edge of what a reader sees in a region: its text, its controls and pictures, and the
 * boxes it draws (a border or a background), leaving out a band that spans the whole window (a
 * section's background) and whatever an ancestor clips away (a carousel's other slides, a table
 * scrolled sideways). Runs in the page.
 */
function contentLeft(root: Element) {
  const clips = new Map<Element, [number, number]>();
  const clipOf = (el: Element | null): [number, number] => {
    if (!el || el === document.documentElement) return [-Infinity, Infinity];
    const known = clips.get(el);
    if (known) return known;
    let [left, right] = clipOf(el.parentElement);
    if (getComputedStyle(el).overflowX !== "visible") {
      const box = el.getBoundingClientRect();
      left = Math.max(left, box.left);
      right = Math.min(right, box.right);
    }
    clips.set(el, [left, right]);
    return [left, right];
  };
  let min = Infinity;
  const consider = (box: DOMRect, clippedBy: Element) => {
    if (box.width <= 1 || box.height <= 1) return;
    const [clipLeft, clipRight] = clipOf(clippedBy);
    const left = Math.max(box.left, clipLeft);
    if (Math.min(box.right, clipRight) - left > 1) min = Math.min(min, left);
  };
  const drawn = /^(INPUT|SELECT|TEXTAREA|BUTTON|IMG|svg|CANVAS|VIDEO)$/;
  const walk = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") return;
    const box = el.getBoundingClientRect();
    const paints =
      drawn.test(el.tagName) ||
      parseFloat(style.borderLeftWidth) > 0 ||
      style.backgroundColor !== "rgba(0, 0, 0, 0)" ||
      style.backgroundImage !== "none";
    if (paints && box.width < innerWidth - 1) consider(box, el.parentElement ?? el);
    for (const child of el.childNodes) {
      if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) {
        const range = document.createRange();
        range.selectNodeContents(child);
        for (const line of range.getClientRects()) consider(line, el);
      } else if (child instanceof Element) walk(child);
    }
  };
  walk(root);
  return min;
}

describe.each([
  { label: "phone", viewport: phone },
  { label: "desktop", viewport: desktop },
])("the page layout on a $label", ({ viewport }) => {
  it.each(pages)("$path ($as): one left edge, no sideways scroll, the company's name whole", async (page) => {
    const s = await session({ as: page.as, viewport });
    await s.goto(page.path);
    const brand = s.page.getByRole("navigation", { name: "Main" }).getByRole("link").first();
    const headerLeft = (await brand.boundingBox())!.x;

    // One container: the header's content, the page's and the footer's start at the same x.
    const mainLeft = await s.page.locator("main").evaluate(contentLeft);
    const footerLeft = await s.page.getByRole("contentinfo").evaluate(contentLeft);
    expect(Math.abs(mainLeft - headerLeft)).toBeLessThanOrEqual(1);
    expect(Math.abs(footerLeft - headerLeft)).toBeLessThanOrEqual(1);

    expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    if (!page.grid) {
      // A table of records fits: on a phone its rows are cards rather than a frame to scroll.
      const fits = await s.page
        .locator("main table")
        .evaluateAll((all) => all.map((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth));
      expect(fits.every(Boolean)).toBe(true);
    }

    // The company's name is whole beside the mark, or wholly out of sight with the mark standing in.
    const name = ((await brand.textContent()) ?? "").trim();
    expect(name.length).toBeGreaterThan(0);
    const shown = await brand.getByText(name, { exact: true }).evaluate((el) => {
      const link = el.closest("a")!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const mark = el.closest("a")!.querySelector("svg")!.getBoundingClientRect();
      return {
        whole: el.scrollWidth <= el.clientWidth,
        inside: box.left >= link.left - 0.5 && box.right <= link.right + 0.5 && box.bottom <= link.bottom + 0.5,
        outOfSight: box.top >= link.bottom - 0.5,
        markShown: mark.width > 0 && mark.right <= link.right + 0.5,
      };
    });
    expect(shown.whole).toBe(true);
    expect(shown.markShown).toBe(true);
    expect(shown.inside || shown.outOfSight).toBe(true);

    mkdirSync(pictures, { recursive: true });
    const file = `${page.as}${page.path === "/" ? "-home" : page.path.replaceAll("/", "-")}-${viewport.width}.png`;
    await s.page.screenshot({ path: path.join(pictures, file), fullPage: true });
  });
});

describe("the header with an admin's longer menu", () => {
  it("keeps the links in the menu below 1024px, so the header never scrolls sideways", async () => {
    const s = await session({ as: "admin", viewport: { width: 900, height: 800 } });
    await s.goto("/dashboard", { axe: false });
    const nav = s.page.getByRole("navigation", { name: "Main" });
    await visible(nav.getByRole("button", { name: "open navigation menu" }));
    expect(await nav.getByRole("link", { name: "Manage Users" }).isVisible()).toBe(false);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

    await s.page.setViewportSize({ width: 1024, height: 800 });
    await visible(nav.getByRole("link", { name: "Manage Users" }));
    expect(await nav.getByRole("button", { name: "open navigation menu" }).isVisible()).toBe(false);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  });
});

describe("product cards", () => {
  it("have one height and their prices on one line across each row, whatever the price's length", async () => {
    const s = await session({ viewport: desktop });
    await s.goto("/products", { axe: false });
    const cards = await s.page.getByRole("article").evaluateAll((all) =>
      all.map((card) => {
        const box = card.getBoundingClientRect();
        const price = [...card.querySelectorAll("span")].find((el) => /^\$[\d,.]+$/.test(el.textContent ?? ""));
        return {
          top: Math.round(box.top),
          height: Math.round(box.height),
          price: price?.getBoundingClientRect().bottom,
        };
      }),
    );
    const rows = new Map<number, typeof cards>();
    for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card]);
    expect([...rows.values()].some((row) => row.length > 1)).toBe(true);
    for (const row of rows.values()) {
      expect(new Set(row.map((card) => card.height)).size).toBe(1);
      const prices = row.flatMap((card) => (card.price === undefined ? [] : [Math.round(card.price)]));
      expect(new Set(prices).size).toBeLessThanOrEqual(1);
    }
  });
});

describe.each([
  { label: "phone", viewport: phone },
  { label: "desktop", viewport: desktop },
])("toasts on a $label", ({ label, viewport }) => {
  it("appear below the header, never over the navigation", async () => {
    const s = await session({ as: "seller", viewport });
    await s.goto("/exportlistswhatsapp", { axe: false });
    await s.page.getByRole("button", { name: "Copy", exact: true }).click();
    const toast = s.page.getByRole("listitem").filter({ hasText: "Please generate a message first." });
    await visible(toast);
    // It slides in from above: measured once it has come to rest.
    await s.page.waitForFunction(
      () => document.querySelector("[data-sonner-toast]")?.getAttribute("data-mounted") === "true",
    );
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const header = (await s.page.getByRole("banner").boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    if (label === "phone") {
      // The open menu hangs over the place of the toasts: they pass behind it.
      await s.page.getByRole("button", { name: "open navigation menu" }).click();
      await visible(s.page.locator("#mobile-menu"));
      const behind = await toast.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest("header") != null;
      });
      expect(behind).toBe(true);
    }
  });
});

describe("destructive buttons", () => {
  it("are quiet on every row, and solid only in the confirmation", async () => {
    const s = await session({ as: "admin", viewport: desktop });
    await s.goto("/prices-manage", { axe: false });
    const fill = (el: Element) => getComputedStyle(el).backgroundColor;
    const remove = s.page.getByRole("button", { name: "Delete", exact: true });
    expect(new Set(await remove.evaluateAll((all) => all.map((el) => getComputedStyle(el).backgroundColor)))).toEqual(
      new Set(["rgba(0, 0, 0, 0)"]),
    );
    await remove.first().click();
    const confirm = s.page.getByRole("alertdialog").getByRole("button", { name: "Delete price list" });
    expect(await confirm.evaluate(fill)).not.toBe("rgba(0, 0, 0, 0)");
    await s.page.keyboard.press("Escape");
  });
});
