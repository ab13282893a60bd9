import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser, visible, type Session } from "../../support/e2e";

const { session } = useBrowser();

const slides = ["trucks", "distribution", "warehouse"];

const carousel = (page: Page) => page.getByRole("region", { name: "Our fleet and facility" });

/**
 * The slide shown: the one slide not hidden from assistive technology, when the dot marked
 * current agrees with it; "inconsistent" otherwise.
 */
async function shownNow(page: Page) {
  const root = carousel(page);
  const visibleSlides = await root
    .locator("[data-slide]")
    .evaluateAll((els) =>
      els.filter((el) => el.getAttribute("aria-hidden") !== "true").map((el) => (el as HTMLElement).dataset.slide),
    );
  const current = await root.locator('button[aria-current="true"]').getAttribute("aria-label");
  const index = slides.indexOf(visibleSlides[0] ?? "");
  const agrees = visibleSlides.length === 1 && current?.startsWith(`Go to slide ${index + 1}:`);
  return agrees ? visibleSlides[0] : "inconsistent";
}

/** The slide shown once React has committed what the last action or timer caused. */
async function shown(page: Page) {
  let last = await shownNow(page);
  for (let i = 0; i < 20 && last === "inconsistent"; i++) {
    await page.waitForTimeout(50);
    last = await shownNow(page);
  }
  return last;
}

async function blur(page: Page) {
  await page.locator("body").evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/**
 * The landing page with the browser's clock under the test's control, showing the first slide,
 * its countdown started at a known moment. An installed clock runs in real time until paused, so
 * the carousel's first timer starts at an unknown point of a busy machine's page load; the clock
 * is paused once the carousel is ready, and the countdown restarted by a visit of the pointer and
 * of keyboard focus (both pause it, and leaving starts it afresh).
 */
async function openWithClock({ reducedMotion = false } = {}): Promise<Session> {
  const s = await session();
  await s.page.clock.install();
  if (reducedMotion) await s.page.emulateMedia({ reducedMotion: "reduce" });
  await s.goto("/", { axe: false });
  await s.page.locator('[aria-roledescription="carousel"][data-ready="true"]').waitFor();
  await s.page.clock.pauseAt(await s.page.evaluate(() => Date.now() + 2_000));
  await carousel(s.page)
    .getByRole("button", { name: /^Go to slide 1:/ })
    .click();
  await s.page.mouse.move(5, 5);
  await blur(s.page);
  expect(await shown(s.page)).toBe("trucks");
  return s;
}

/**
 * Moves the page's clock. Pauses are checked over 12 or 22 s, not a multiple of the 15 s cycle,
 * so a carousel that kept moving could not land back on the slide it started from.
 */
async function advance(page: Page, ms: number) {
  await page.clock.runFor(ms);
}

/**
 * Waits until the carousel has taken in the pointer or a button: React handles pointer enter and
 * leave in a later task, and the clock must not move before its timer is stopped or started.
 */
async function settled(page: Page, playing: boolean) {
  await carousel(page)
    .and(page.locator(`[data-playing="${playing}"]`))
    .waitFor();
}

describe("fleet carousel", () => {
  it("has three slides with two feature badges each", async () => {
    const s = await session();
    await s.goto("/");
    const root = carousel(s.page);
    await visible(root);
    // The slides not shown are hidden from assistive technology, so the roles are read with them
    // (without waiting for the carousel to come round to each).
    for (const [i, title] of ["Refrigerated trucks", "Efficient distribution", "Modern warehouse"].entries()) {
      const slide = root.getByRole("group", { name: `Slide ${i + 1} of 3`, includeHidden: true });
      expect(await slide.getByRole("heading", { level: 3, includeHidden: true }).textContent()).toBe(title);
      expect(await slide.getByRole("listitem", { includeHidden: true }).count()).toBe(2);
    }
  });

  it("advances every 5 seconds and wraps from the last slide to the first", async () => {
    const s = await openWithClock();
    expect(await shown(s.page)).toBe("trucks");
    await advance(s.page, 4_900);
    expect(await shown(s.page)).toBe("trucks");
    await advance(s.page, 200);
    expect(await shown(s.page)).toBe("distribution");
    await advance(s.page, 5_000);
    expect(await shown(s.page)).toBe("warehouse");
    await advance(s.page, 5_000);
    expect(await shown(s.page)).toBe("trucks");
  });

  it("pauses while the pointer is over it", async () => {
    const s = await openWithClock();
    await carousel(s.page).hover();
    await settled(s.page, false);
    await advance(s.page, 12_000);
    expect(await shown(s.page)).toBe("trucks");
    await s.page.mouse.move(5, 5);
    await settled(s.page, true);
    await advance(s.page, 5_000);
    expect(await shown(s.page)).toBe("distribution");
  });

  it("pauses while keyboard focus is inside it", async () => {
    const s = await openWithClock();
    // Tab from the last link before the carousel into its controls.
    await s.page
      .getByRole("link", { name: /^Request a price list/ })
      .last()
      .focus();
    let inside = false;
    for (let i = 0; i < 10 && !inside; i++) {
      await s.page.keyboard.press("Tab");
      inside = await carousel(s.page).evaluate((root) => root.contains(document.activeElement));
    }
    expect(inside).toBe(true);
    await advance(s.page, 12_000);
    expect(await shown(s.page)).toBe("trucks");
    // Focus leaves: the rotation resumes.
    await blur(s.page);
    await advance(s.page, 5_000);
    expect(await shown(s.page)).toBe("distribution");
  });

  it("moves with previous, next and the dots, wrapping at both ends", async () => {
    const s = await openWithClock();
    const root = carousel(s.page);
    await root.getByRole("button", { name: "Previous slide" }).click();
    expect(await shown(s.page)).toBe("warehouse");
    await root.getByRole("button", { name: "Next slide" }).click();
    expect(await shown(s.page)).toBe("trucks");
    await root.getByRole("button", { name: "Next slide" }).click();
    expect(await shown(s.page)).toBe("distribution");
    await root.getByRole("button", { name: "Go to slide 3: Modern warehouse" }).click();
    expect(await shown(s.page)).toBe("warehouse");
    await root.getByRole("button", { name: "Go to slide 1: Refrigerated trucks" }).click();
    expect(await shown(s.page)).toBe("trucks");
  });

  it("stops for good with the pause button and starts again with play", async () => {
    const s = await openWithClock();
    const root = carousel(s.page);
    await root.getByRole("button", { name: "Pause the slides" }).click();
    await s.page.mouse.move(5, 5);
    await blur(s.page);
    await settled(s.page, false);
    await advance(s.page, 12_000);
    expect(await shown(s.page)).toBe("trucks");
    await root.getByRole("button", { name: "Play the slides" }).click();
    await s.page.mouse.move(5, 5);
    await blur(s.page);
    await settled(s.page, true);
    await advance(s.page, 5_000);
    expect(await shown(s.page)).toBe("distribution");
  });

  it("never moves by itself when the visitor prefers reduced motion, but still answers its controls", async () => {
    const s = await openWithClock({ reducedMotion: true });
    await advance(s.page, 22_000);
    expect(await shown(s.page)).toBe("trucks");
    expect(await carousel(s.page).getByRole("button", { name: "Pause the slides" }).count()).toBe(0);
    await carousel(s.page).getByRole("button", { name: "Next slide" }).click();
    expect(await shown(s.page)).toBe("distribution");
    await advance(s.page, 22_000);
    expect(await shown(s.page)).toBe("distribution");
  });

  it("speaks Spanish", async () => {
    const s = await session({ lang: "es" });
    await s.goto("/");
    const root = s.page.getByRole("region", { name: "Nuestra flota e instalaciones" });
    await visible(root.getByRole("button", { name: "Diapositiva siguiente" }));
    await visible(root.getByRole("button", { name: "Ir a la diapositiva 2: Distribución eficiente" }));
  });
});
