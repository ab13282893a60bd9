import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, phone, useBrowser, visible } from "../../support/e2e";

const { session } = useBrowser();

type Timings = { fcp: number; firstScript: number; scripts: number; hero: number | null };

/** When the first contentful paint was presented, when the first script was requested, and the hero's load. */
function timings(page: Page): Promise<Timings> {
  return page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const scripts = resources.filter((r) => /\/assets\/[^/]+\.js$/.test(new URL(r.name).pathname));
    const hero = resources.find((r) => new URL(r.name).pathname.includes("/hero."));
    return {
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      firstScript: Math.min(...scripts.map((r) => r.startTime)),
      scripts: scripts.length,
      hero: hero ? hero.responseEnd : null,
    };
  });
}

describe("the page's JavaScript starts after its first paint (docs/decisions/011)", () => {
  it("sends no modulepreload and an inert bootstrap with the list for the loader", async () => {
    const html = await (await fetch(new URL("/contact", baseUrl()))).text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toMatch(/<script nonce="[^"]+" type="text\/x-deferred-module"/);
    expect(html).toMatch(/<script nonce="[^"]+" data-modulepreload="\/assets\/entry\.client-[^" ]+\.js /);
  });

  it("on a phone, requests the scripts of / only once the page has painted and the hero image has loaded", async () => {
    const s = await session({ viewport: phone });
    await s.goto("/");
    const t = await timings(s.page);
    expect(t.scripts).toBeGreaterThan(5);
    expect(t.hero).not.toBeNull();
    expect(t.firstScript).toBeGreaterThan(t.fcp);
    expect(t.firstScript).toBeGreaterThan(t.hero!);
    // Hydrated: the menu button works.
    await s.page.getByRole("button", { name: "open navigation menu" }).click();
    await visible(s.page.getByRole("button", { name: "close navigation menu" }));
  });

  it("on a text page, requests the scripts after the first contentful paint, in Spanish and dark too", async () => {
    const s = await session({ viewport: phone, lang: "es", theme: "dark", colorScheme: "dark" });
    await s.goto("/contact");
    const t = await timings(s.page);
    expect(t.scripts).toBeGreaterThan(5);
    expect(t.firstScript).toBeGreaterThan(t.fcp);
  });
});
