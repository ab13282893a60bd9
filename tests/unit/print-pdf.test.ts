import "~/i18n/instance";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfThumbnail } from "~/services/images/resize.server";
import type { Lang } from "~/i18n/config";
import { translatorFor } from "~/i18n/store";
import type { Paper, SheetFormat } from "~/features/print/options";
import { renderSheetPdf, toWinAnsi } from "~/features/print/pdf.server";
import { buildSheet, type Sheet, type SheetItem } from "~/features/print/sheet";
import { readPdf, type PdfPage } from "../support/pdf";

const site = { name: "Hunts Point Produce Co.", phone: "(718) 555-0100", email: "orders@example.com" };
const list = { slug: "restaurants", name: "Restaurants 2025" };
const categories = ["vegetables", "fruits", "dry_produce", "herbs", "others", null];

function pad(i: number) {
  return String(i).padStart(3, "0");
}

/** Names unique and never part of one another, so each can be counted in the text. */
function items(count: number, imageKey: (i: number) => string | null = () => null): SheetItem[] {
  return Array.from({ length: count }, (_, i) => ({
    productId: `p${i}`,
    slug: `item-${pad(i)}`,
    nameEn: `Harvest item ${pad(i)} tomato`,
    nameEs: `Producto ${pad(i)} tomate`,
    category: categories[i % categories.length],
    unit: i % 3 === 0 ? null : "case",
    packValue: i % 2 ? 24 : null,
    packUnit: i % 2 ? "lb" : null,
    priceCents: i % 13 === 0 ? null : 1_000 + i * 37,
    available: i % 7 !== 0,
    imageKey: imageKey(i),
  }));
}

function sheetOf(
  format: SheetFormat,
  rows: SheetItem[],
  { paper = "letter", lang = "en", images = false }: { paper?: Paper; lang?: Lang; images?: boolean } = {},
): Sheet {
  return buildSheet({
    format,
    paper,
    images,
    lang,
    t: translatorFor(lang) as never,
    list,
    site,
    items: rows,
    readAt: new Date("2025-06-02T14:30:00Z"),
  });
}

function occurrences(text: string, needle: string) {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

function expectFramedPages(pages: PdfPage[], expected: { notice: string; pageOf: (n: number, m: number) => string }) {
  pages.forEach((page, index) => {
    expect(page.text).toContain(site.name);
    expect(page.text).toContain(list.name);
    expect(page.text).toContain(expected.notice);
    expect(page.text).toContain(site.phone);
    expect(page.text).toContain(expected.pageOf(index + 1, pages.length));
  });
}

const english = { notice: "Prices subject to change", pageOf: (n: number, m: number) => `Page ${n} of ${m}` };
const spanish = { notice: "Precios sujetos a cambio", pageOf: (n: number, m: number) => `Página ${n} de ${m}` };

// What pdfkit's standard fonts can print; any other character in the text would be garbage.
const winAnsiExtras = new Set("ŒœŠšŸŽžƒˆ˜–—‘’‚“”„†‡•…‰‹›€™");
function isWinAnsi(text: string) {
  return [...text].every((char) => {
    const code = char.charCodeAt(0);
    return char === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char);
  });
}

describe("toWinAnsi", () => {
  it("keeps what the standard fonts print", () => {
    const text = "Jalapeño ¿Sí? ¡Olé! 5 € “big” ‘ripe’ – — • … Crème brûlée, Ñandú, Œufs, 2½ lb";
    expect(toWinAnsi(text)).toBe(text);
    expect(toWinAnsi("Cafe\u0301")).toBe("Café");
  });

  it("drops emoji, other scripts and invisible marks, and collapses the spaces they leave", () => {
    expect(toWinAnsi("🍎 Apple  🍏\u00a0pie 👩‍🌾")).toBe("Apple pie");
    expect(toWinAnsi("\u200fتمر Dates\u202b x\u202c")).toBe("Dates x");
    expect(toWinAnsi("苹果 Apples 林檎")).toBe("Apples");
    expect(toWinAnsi("Soft\u00adhyphen\tand\nlines")).toBe("Softhyphen and lines");
    expect(toWinAnsi("😀🎉")).toBe("");
  });

  it("keeps the base letter of Latin letters outside Latin-1", () => {
    expect(toWinAnsi("Łódź ﬁgs, Kőrös ‐ 5−2")).toBe("Lódz figs, Korös - 5-2");
  });

  it("never returns a character the fonts cannot encode", () => {
    const samples = [
      "Ωmega 🥑 Авокадо αβγ ✓ ★ \u{1F1FA}\u{1F1F8} ½ ¼ ™ ₤ ₹ ﷺ 한국",
      String.fromCharCode(...Array.from({ length: 0x3000 }, (_, i) => i)),
    ];
    for (const sample of samples) expect(isWinAnsi(toWinAnsi(sample))).toBe(true);
  });
});

describe("renderSheetPdf", () => {
  const rows = items(300);
  let longPages = 0;

  it("draws the long list on Letter: header and footer on every page, every row exactly once", async () => {
    const sheet = sheetOf("long", rows);
    const { pages, text, title } = await readPdf(await renderSheetPdf(sheet, {}));
    longPages = pages.length;
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect([page.width, page.height]).toEqual([612, 792]);
    expectFramedPages(pages, english);
    for (const page of pages) {
      expect(page.text).toContain("Long price list");
      expect(page.text).toContain("Unit and pack");
    }
    for (const item of rows) expect(occurrences(text, item.nameEn), item.nameEn).toBe(1);
    expect(occurrences(text, "Out of stock")).toBe(rows.filter((row) => !row.available).length);
    expect(title).toBe(`${site.name} – ${list.name} – Long price list`);
    expect(isWinAnsi(text)).toBe(true);
  });

  it("fits the same rows on fewer pages with the short layout", async () => {
    const sheet = sheetOf("short", rows);
    const { pages, text } = await readPdf(await renderSheetPdf(sheet, {}));
    expect(longPages).toBeGreaterThan(0);
    expect(pages.length).toBeLessThan(longPages);
    for (const page of pages) expect([page.width, page.height]).toEqual([612, 792]);
    expectFramedPages(pages, english);
    for (const item of rows) expect(occurrences(text, item.nameEn), item.nameEn).toBe(1);
    for (const section of sheet.sections) expect(occurrences(text, section.title)).toBe(1);
  });

  it("balances the short layout's columns on its last page, so a short list fills the sheet's width", async () => {
    const few = items(30).map((item) => ({ ...item, category: "fruits" }));
    const { pages } = await readPdf(await renderSheetPdf(sheetOf("short", few), {}));
    expect(pages).toHaveLength(1);
    const [page] = pages;
    const names = page.runs.filter((run) => run.text.startsWith("Harvest item"));
    expect(names).toHaveLength(30);
    const left = names.filter((run) => run.x < page.width / 2).length;
    expect(Math.abs(30 - 2 * left), `${left} names on the left half of 30`).toBeLessThanOrEqual(2);
  });

  it("never leaves a section heading at the foot of a column, balanced last page or not", async () => {
    for (const count of [45, 70, 95, 120, 145]) {
      const sheet = sheetOf("short", items(count));
      const titles = new Set(sheet.sections.map((section) => section.title));
      const { pages } = await readPdf(await renderSheetPdf(sheet, {}));
      for (const [at, page] of pages.entries()) {
        const names = page.runs.filter((run) => run.text.startsWith("Harvest item"));
        for (const heading of page.runs.filter((run) => titles.has(run.text))) {
          // Below the heading (PDF y grows upwards), in its column: its first row.
          const under = names.filter((run) => Math.abs(run.x - heading.x) < 30 && run.y < heading.y);
          expect(under.length, `${count} rows, page ${at + 1}: ${heading.text}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it("gives a long name's unit and pack a line of their own in the short layout, never cutting them", async () => {
    const name = "Paquete mayorista para restaurantes y hoteles";
    const packed = items(4).map((item, i) =>
      i === 1 ? { ...item, nameEn: name, unit: "bundle", packValue: 1, packUnit: "unit" } : item,
    );
    const { text } = await readPdf(await renderSheetPdf(sheetOf("short", packed), {}));
    expect(text).toContain(name);
    expect(text).toContain(
      sheetOf("short", packed)
        .sections.flatMap((s) => s.rows)
        .find((r) => r.name === name)!.unitPack,
    );
  });

  it("uses Legal paper, and the sheet's language", async () => {
    for (const format of ["short", "long"] as const) {
      const sheet = sheetOf(format, rows, { paper: "legal", lang: "es" });
      const { pages, text } = await readPdf(await renderSheetPdf(sheet, {}));
      for (const page of pages) expect([page.width, page.height]).toEqual([612, 1008]);
      expectFramedPages(pages, spanish);
      for (const item of rows) expect(occurrences(text, item.nameEs), item.nameEs).toBe(1);
    }
  });

  it("prints names with emoji, right-to-left marks, other scripts or 300 characters", async () => {
    const long = `Heirloom ${"very ".repeat(60)}long tomato`.slice(0, 300);
    const odd = items(40).map((item, i) => {
      if (i === 0) return { ...item, nameEn: "🍅🍅", nameEs: "🍅" };
      if (i === 1) return { ...item, nameEn: "\u200fتمر Medjool \u202edates\u202c 🌴" };
      if (i === 2) return { ...item, nameEn: long, nameEs: long };
      if (i === 3) return { ...item, nameEn: "白菜 Napa cabbage 배추" };
      return item;
    });
    for (const format of ["short", "long"] as const) {
      const { pages, text } = await readPdf(await renderSheetPdf(sheetOf(format, odd), {}));
      expectFramedPages(pages, english);
      expect(isWinAnsi(text)).toBe(true);
      expect(text).toContain("item-000");
      expect(text).toContain("Medjool dates");
      expect(text).toContain("Napa cabbage");
      expect(text).toContain("Heirloom very very");
      for (const item of odd.slice(4)) expect(occurrences(text, item.nameEn)).toBe(1);
    }
  });

  it("draws a sheet with no products on one page", async () => {
    const { pages } = await readPdf(await renderSheetPdf(sheetOf("short", []), {}));
    expect(pages).toHaveLength(1);
    expectFramedPages(pages, english);
  });
});

describe("pictures", () => {
  let dataDir: string;
  const keys = ["demo/red.png", "demo/green.png"];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "sheet-pdf-"));
    const uploads = path.join(dataDir, "uploads", "demo");
    mkdirSync(uploads, { recursive: true });
    const colors = {
      red: { r: 200, g: 30, b: 40, alpha: 0.6 },
      green: { r: 40, g: 160, b: 60, alpha: 1 },
      blue: { r: 20, g: 40, b: 200, alpha: 1 },
    };
    for (const [name, background] of Object.entries(colors)) {
      await sharp({ create: { width: 600, height: 400, channels: 4, background } })
        .png()
        .toFile(path.join(uploads, `${name}.png`));
    }
    writeFileSync(path.join(uploads, "broken.png"), "not an image");
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("renders a JPEG thumbnail at twice the size, caches it, and refuses what it cannot read", async () => {
    const first = await pdfThumbnail(dataDir, "demo/blue.png", 16);
    expect(first?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(first).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 32, 21]);
    const cached = path.join(dataDir, "cache", "img", "demo", "blue.png", "pdf-32.jpg");
    expect(existsSync(cached)).toBe(true);
    writeFileSync(cached, "from the cache");
    expect((await pdfThumbnail(dataDir, "demo/blue.png", 16))?.toString()).toBe("from the cache");

    // A web rendering already on disk is a cheaper start than the stored picture.
    const rendering = path.join(dataDir, "cache", "img", "demo", "green.png", "160.webp");
    mkdirSync(path.dirname(rendering), { recursive: true });
    await sharp({ create: { width: 160, height: 107, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .webp()
      .toFile(rendering);
    const fromRendering = await sharp(await pdfThumbnail(dataDir, "demo/green.png", 40)).stats();
    expect(fromRendering.dominant.b).toBeGreaterThan(200);
    expect(fromRendering.dominant.g).toBeLessThan(50);
    rmSync(path.join(dataDir, "cache"), { recursive: true, force: true });

    expect(await pdfThumbnail(dataDir, "demo/missing.png", 16)).toBeUndefined();
    expect(await pdfThumbnail(dataDir, "demo/broken.png", 16)).toBeUndefined();
    expect(await pdfThumbnail(dataDir, "../outside.png", 16)).toBeUndefined();
    expect(await pdfThumbnail(dataDir, "demo/notes.txt", 16)).toBeUndefined();
  });

  it("embeds each picture once, however many rows show it", async () => {
    const rows = items(300, (i) => (i % 10 === 0 ? null : i % 10 === 1 ? "demo/missing.png" : keys[i % 2]));
    for (const format of ["short", "long"] as const) {
      const calls = new Map<string, number>();
      const image = (key: string) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        return pdfThumbnail(dataDir, key, format === "short" ? 16 : 32);
      };
      const pdf = await renderSheetPdf(sheetOf(format, rows, { images: true }), { image });
      expect([...calls.values()].every((count) => count === 1)).toBe(true);
      expect([...calls.keys()].sort()).toEqual(["demo/green.png", "demo/missing.png", "demo/red.png"]);
      // Image dictionaries are never compressed, so each embedded picture shows once in the bytes.
      expect(occurrences(pdf.toString("latin1"), "/Subtype /Image")).toBe(2);

      const { pages, text } = await readPdf(pdf);
      expect(pages[0].images).toBeGreaterThan(0);
      expectFramedPages(pages, english);
      for (const item of rows) expect(occurrences(text, item.nameEn), item.nameEn).toBe(1);
    }
  });

  it("still draws the sheet when the loader fails", async () => {
    const rows = items(20, () => "demo/red.png");
    const pdf = await renderSheetPdf(sheetOf("long", rows, { images: true }), {
      image: () => Promise.reject(new Error("disk gone")),
    });
    expect(occurrences(pdf.toString("latin1"), "/Subtype /Image")).toBe(0);
    const { pages } = await readPdf(pdf);
    expectFramedPages(pages, english);
  });
});
