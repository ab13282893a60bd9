import { expect } from "vitest";
import type { Lang, Session } from "../../support/e2e";

export const combinations: Array<[Lang, "light" | "dark"]> = [
  ["en", "light"],
  ["en", "dark"],
  ["es", "light"],
  ["es", "dark"],
];

/** Visits each page and scans it, reporting every page's violations together. */
export async function scanPages(s: Session, paths: string[], theme: "light" | "dark") {
  const failures: string[] = [];
  for (const path of paths) {
    try {
      await s.goto(path, { axe: false });
      const dark = await s.page.evaluate(() => document.documentElement.classList.contains("dark"));
      expect(dark, `the ${theme} theme on ${path}`).toBe(theme === "dark");
      await s.scan();
    } catch (error) {
      failures.push(`${path}: ${(error as Error).message}`);
    }
  }
  expect(failures).toEqual([]);
}
