import "~/i18n/instance";
import { describe, expect, it } from "vitest";
import type { Lang } from "~/i18n/config";
import { translatorFor } from "~/i18n/store";
import { parseSheetOptions, sheetFormatOf, sheetQuery, type SheetOptions } from "./options";
import { buildSheet, cleanText, sheetFileName, type SheetItem } from "./sheet";

function item(slug: string, nameEn: string, nameEs: string, category: string | null, more: Partial<SheetItem> = {}) {
  return {
    productId: `id-${slug}`,
    slug,
    nameEn,
    nameEs,
    category,
    unit: "case",
    packValue: 48,
    packUnit: "ct",
    priceCents: 5000,
    available: true,
    imageKey: `demo/${slug}.webp`,
    ...more,
  } satisfies SheetItem;
}

const items = [
  item("onion", "Yellow Onions", "Cebollas amarillas", "vegetables"),
  item("avocado", "Hass Avocados", "Aguacates Hass", "fruits"),
  item("box", "Mystery Box", "Caja sorpresa", null, { priceCents: null }),
  item("banana", "Bananas", "Guineos", "fruits", { available: false }),
  item("beans", "Black Beans", "Frijoles negros", "dry_produce"),
  item("basil", "Basil", "Albahaca", "herbs"),
  item("cilantro", "Cilantro", "Cilantro", "herbs"),
];

function sheet(lang: Lang, images = false) {
  return buildSheet({
    format: "long",
    paper: "legal",
    images,
    lang,
    t: translatorFor(lang) as never,
    list: { slug: "hotels", name: "Hotels\u200f" },
    site: { name: "Pompano Fresh Produce", phone: "+1 (954) 555-0142", email: "sales@example.test" },
    items,
    readAt: new Date("2026-11-26T03:30:00Z"),
  });
}

describe("the sheet model", () => {
  it("groups by category in the alphabetical order of the sheet's language, Uncategorized last, names sorted", () => {
    const en = sheet("en");
    expect(en.sections.map((s) => s.title)).toEqual(["Dry Produce", "Fruits", "Herbs", "Vegetables", "Uncategorized"]);
    expect(en.sections[1].rows.map((r) => r.name)).toEqual(["Bananas", "Hass Avocados"]);
    const es = sheet("es");
    expect(es.sections.map((s) => s.title)).toEqual([
      "Frutas",
      "Hierbas",
      "Productos secos",
      "Vegetales",
      "Sin categoría",
    ]);
    expect(es.sections[0].rows.map((r) => r.name)).toEqual(["Aguacates Hass", "Guineos"]);
    expect(es.count).toBe(7);
  });

  it("gives each row its other name, unit and pack, price and availability in the sheet's language", () => {
    const es = sheet("es");
    const [avocado, banana] = es.sections[0].rows;
    expect(avocado).toMatchObject({
      otherName: "Hass Avocados",
      category: "Frutas",
      unitPack: "caja · 48 unidades",
      price: "$50.00",
    });
    expect(banana.available).toBe(false);
    // The same name in both languages is printed once.
    expect(es.sections[1].rows.find((r) => r.slug === "cilantro")?.otherName).toBeNull();
    expect(es.sections[4].rows[0].price).toBe("Consúltenos");
    expect(sheet("en").sections[4].rows[0].price).toBe("Ask us");
  });

  it("carries pictures only when asked, and every text of the page's header and footer", () => {
    expect(sheet("en").sections[0].rows[0].imageKey).toBeNull();
    expect(sheet("en", true).sections[0].rows[0].imageKey).toBe("demo/beans.webp");
    const { text, fileName, list } = sheet("en");
    expect(list.name).toBe("Hotels");
    expect(text).toMatchObject({
      company: "Pompano Fresh Produce",
      listName: "Hotels",
      title: "Long price list",
      notice: "Prices subject to change",
      pageOf: "Page {{page}} of {{pages}}",
      minimums: "Wholesale minimum order: $250 small business, $500 medium business",
      hours: "Monday to Saturday, 4:00\u00a0AM to 11:00\u00a0AM",
    });
    // Read at 10:30 PM in New York: the sheet and its file name say the 25th.
    expect(text.readAt).toBe("Prices as of Nov 25, 2026, 10:30 PM");
    expect(fileName).toBe("hotels-long-2026-11-25.pdf");
  });

  it("drops control, bidirectional and invisible characters from names", () => {
    expect(cleanText("\u202eMango\u200b \u0007 Ataulfo\u200f ")).toBe("Mango Ataulfo");
    expect(cleanText("Piña 🍍")).toBe("Piña 🍍");
    expect(sheetFileName("customers", "short", new Date("2026-07-04T12:00:00Z"))).toBe(
      "customers-short-2026-07-04.pdf",
    );
  });
});

describe("the sheet's options", () => {
  const defaults: SheetOptions = { list: null, paper: "letter", images: false, lang: "en" };

  it("reads the URL's options over the defaults, and gives them back as a query", () => {
    const { options, rejected, given } = parseSheetOptions(
      new URLSearchParams("list=hotels&paper=LEGAL&images=1&sheetLang=es"),
      defaults,
    );
    expect(options).toEqual({ list: "hotels", paper: "legal", images: true, lang: "es" });
    expect(rejected).toEqual([]);
    expect(given).toEqual({ list: true, paper: true, images: true, lang: true });
    expect(sheetQuery(options)).toBe("list=hotels&paper=legal&images=1&sheetLang=es");
    expect(parseSheetOptions(new URLSearchParams("lang=es"), defaults).options.lang).toBe("es");
    expect(parseSheetOptions(new URLSearchParams("lang=en&sheetLang=es"), defaults).options.lang).toBe("es");
  });

  it("keeps the defaults for values that name nothing, and says which", () => {
    const { options, rejected } = parseSheetOptions(
      new URLSearchParams("list=../etc&paper=a4&images=yes please&sheetLang=fr"),
      { ...defaults, list: "customers", paper: "legal" },
    );
    expect(options).toEqual({ list: "customers", paper: "legal", images: false, lang: "en" });
    expect(rejected.map((r) => r.option)).toEqual(["paper", "images", "sheetLang", "list"]);
  });

  it("knows the format from the path of the page, its data and its PDF", () => {
    expect(sheetFormatOf("/prices-short")).toBe("short");
    expect(sheetFormatOf("/prices-long.pdf")).toBe("long");
    expect(sheetFormatOf("/prices-selected.data")).toBe("selected");
    expect(sheetFormatOf("/prices-medium")).toBeNull();
  });
});
