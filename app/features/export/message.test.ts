import "~/i18n/instance";
import { describe, expect, it } from "vitest";
import type { Lang } from "~/i18n/config";
import { translatorFor } from "~/i18n/store";
import {
  buildMessage,
  MESSAGE_PART_LIMIT,
  neutraliseMarkers,
  type MessageInput,
  type MessageItem,
  type MessageOptions,
} from "./message";
import { formatLine, type FormatToken } from "./whatsapp-format";

function item(slug: string, nameEn: string, nameEs: string, category: string | null, more: Partial<MessageItem> = {}) {
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
    ...more,
  } satisfies MessageItem;
}

const items = [
  item("onion", "Yellow Onions", "Cebollas amarillas", "vegetables"),
  item("avocado", "Hass Avocados", "Aguacates Hass", "fruits", { priceCents: 5275 }),
  item("box", "Mystery Box", "Caja sorpresa", null, { priceCents: null }),
  item("banana", "Bananas", "Guineos", "fruits", { available: false, priceCents: 2500, packValue: 40, packUnit: "lb" }),
  item("beans", "Black Beans", "Frijoles negros", "dry_produce", { priceCents: 1999 }),
  item("basil", "Basil", "Albahaca", "herbs"),
  item("cilantro", "Cilantro", "", "herbs", { unit: null, packValue: null, packUnit: null, priceCents: 1200 }),
  item("ginger", "Ginger root", "Jengibre", "mystery-category", { priceCents: 900 }),
];

const previous = new Map<string, number | null>([
  ["id-onion", 5000],
  ["id-avocado", 5011],
  ["id-banana", 2600],
  ["id-beans", 1999],
  ["id-cilantro", 1200],
  ["id-ginger", 900],
]);

const defaults: MessageOptions = {
  lang: "en",
  categories: null,
  onlyAvailable: false,
  showPack: true,
  markChanges: true,
  includeLink: true,
  greeting: "Good morning! Today's prices:",
  closing: "Thank you!",
};

type Overrides = Partial<Omit<MessageInput, "options" | "t">> & { options?: Partial<MessageOptions> };

function build(overrides: Overrides = {}) {
  const options = { ...defaults, ...overrides.options };
  return buildMessage({
    t: translatorFor(options.lang) as never,
    list: { slug: "restaurants", name: "Restaurants" },
    site: { name: "Pompano Fresh Produce", phone: "+1 (954) 555-0142", baseUrl: "https://pompano.example/" },
    items,
    previous,
    // 10:30 PM on the 25th in New York.
    now: new Date("2026-11-26T03:30:00Z"),
    ...overrides,
    options,
  });
}

/** Product lines of a text, without their bullet. */
function productLines(text: string) {
  return text
    .split("\n")
    .filter((line) => line.startsWith("• "))
    .map((line) => line.slice(2));
}

function sectionTitles(text: string) {
  return text
    .split("\n")
    .flatMap(formatLine)
    .filter((token) => token.bold)
    .map((token) => token.text)
    .slice(1);
}

describe("the WhatsApp price message", () => {
  it("reads title, date, greeting, categories in order, products by name, closing, link and how to order", () => {
    const message = build();
    expect(message.text).toBe(
      [
        "*Pompano Fresh Produce — Restaurants*",
        "Prices as of Nov 25, 2026, 10:30 PM",
        "",
        "Good morning! Today's prices:",
        "",
        "🥜 *Dry Produce*",
        "• Black Beans — case · 48 ct — $19.99",
        "",
        "🍎 *Fruits*",
        "• Bananas — case · 40 lb — $25.00 ▼ (was $26.00) _(out of stock)_",
        "• Hass Avocados — case · 48 ct — $52.75 ▲ (was $50.11)",
        "",
        "🌿 *Herbs*",
        "• Basil — case · 48 ct — $50.00 _(new)_",
        "• Cilantro — $12.00",
        "",
        "🥬 *Vegetables*",
        "• Yellow Onions — case · 48 ct — $50.00",
        "",
        "🛒 *Uncategorized*",
        "• Ginger root — case · 48 ct — $9.00",
        "",
        "Thank you!",
        "",
        "🔗 Customers with an account can see their prices online: https://pompano.example/pricesprivate",
        "📞 Orders and questions: +1 (954) 555-0142",
        "🕓 Monday to Saturday, 4:00\u00a0AM to 11:00\u00a0AM",
        "Wholesale minimum order: $250 small business, $500 medium business",
        "_Prices subject to change_",
      ].join("\n"),
    );
    expect(message.parts).toEqual([message.text]);
    expect(message.length).toBe(message.text.length);
    // The product without a price is nowhere: not in the text, not quoted, not counted.
    expect(message.text).not.toContain("Mystery");
    expect(message.quoted).toEqual({
      "id-onion": 5000,
      "id-avocado": 5275,
      "id-banana": 2500,
      "id-beans": 1999,
      "id-basil": 5000,
      "id-cilantro": 1200,
      "id-ginger": 900,
    });
    expect(message.counts).toEqual({ products: 7, up: 1, down: 1 });
  });

  it("is all in Spanish when asked, categories in Spanish alphabetical order, names falling back to English", () => {
    const message = build({ options: { lang: "es", greeting: "", closing: "" } });
    expect(sectionTitles(message.text)).toEqual(["Frutas", "Hierbas", "Productos secos", "Vegetales", "Sin categoría"]);
    expect(productLines(message.text)).toEqual([
      "Aguacates Hass — caja · 48 unidades — $52.75 ▲ (antes $50.11)",
      "Guineos — caja · 40 lb — $25.00 ▼ (antes $26.00) _(agotado)_",
      "Albahaca — caja · 48 unidades — $50.00 _(nuevo)_",
      "Cilantro — $12.00",
      "Frijoles negros — caja · 48 unidades — $19.99",
      "Cebollas amarillas — caja · 48 unidades — $50.00",
      "Jengibre — caja · 48 unidades — $9.00",
    ]);
    const lines = message.text.split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "*Pompano Fresh Produce — Restaurants*",
      "Precios al 25 nov 2026, 10:30 p.m.",
      "",
    ]);
    expect(lines.slice(-5)).toEqual([
      "🔗 Si tiene cuenta con nosotros, vea sus precios en línea: https://pompano.example/pricesprivate",
      "📞 Pedidos y consultas: +1 (954) 555-0142",
      "🕓 De lunes a sábado, de 4:00\u00a0a.m. a 11:00\u00a0a.m.",
      "Pedido mínimo al por mayor: $250 pequeña empresa, $500 mediana empresa",
      "_Precios sujetos a cambio_",
    ]);
  });

  it("sorts names the way the language does", () => {
    const message = build({
      items: [
        item("a", "Ñame", "Ñame", "others"),
        item("b", "Nopal", "Nopal", "others"),
        item("c", "apple 10", "manzana 10", "others"),
        item("d", "Apple 9", "manzana 9", "others"),
        item("e", "Oca", "Oca", "others"),
      ],
      options: { showPack: false, markChanges: false },
    });
    // English reads Ñ as an N with an accent; Spanish, as the letter after N.
    expect(productLines(message.text)).toEqual([
      "Apple 9 — $50.00",
      "apple 10 — $50.00",
      "Ñame — $50.00",
      "Nopal — $50.00",
      "Oca — $50.00",
    ]);
    const es = build({
      items: [item("a", "x", "Ñame", "others"), item("b", "y", "Oca", "others"), item("c", "z", "Nopal", "others")],
      options: { lang: "es", showPack: false },
    });
    expect(productLines(es.text).map((line) => line.split(" — ")[0])).toEqual(["Nopal", "Ñame", "Oca"]);
  });

  it("leaves out what is unavailable or in other categories when asked, and the pack and link when not wanted", () => {
    const message = build({
      options: { onlyAvailable: true, categories: ["fruits", "uncategorized"], showPack: false, includeLink: false },
    });
    expect(sectionTitles(message.text)).toEqual(["Fruits", "Uncategorized"]);
    expect(productLines(message.text)).toEqual(["Hass Avocados — $52.75 ▲ (was $50.11)", "Ginger root — $9.00"]);
    expect(message.text).not.toContain("pricesprivate");
    expect(message.text).not.toContain("🔗");
    expect(Object.keys(message.quoted).sort()).toEqual(["id-avocado", "id-ginger"]);
    expect(message.counts).toEqual({ products: 2, up: 1, down: 0 });

    const none = build({ options: { categories: [] } });
    expect(productLines(none.text)).toEqual([]);
    expect(none.counts.products).toBe(0);
    expect(none.text).toContain("_Prices subject to change_");
  });

  it("marks changes since the last export only when asked, and nothing without a last export", () => {
    const unmarked = build({ options: { markChanges: false } });
    expect(unmarked.text).not.toMatch(/[▲▼]|\(was|\(new\)/);
    // The screen still learns how many prices moved.
    expect(unmarked.counts).toEqual({ products: 7, up: 1, down: 1 });

    const first = build({ previous: null });
    expect(first.text).not.toMatch(/[▲▼]|\(was|\(new\)/);
    expect(first.counts).toEqual({ products: 7, up: 0, down: 0 });

    // Unchanged prices stay unmarked; a price that was not quoted last time reads new.
    const lines = productLines(
      build({
        previous: new Map([
          ["id-onion", 5000],
          ["id-basil", null],
        ]),
      }).text,
    );
    expect(lines).toContain("Yellow Onions — case · 48 ct — $50.00");
    expect(lines).toContain("Basil — case · 48 ct — $50.00 _(new)_");
  });

  it("keeps the greeting's line breaks but not a wall of blank lines, and drops an empty greeting and closing", () => {
    const message = build({
      options: { greeting: "\n\nHello,\r\n\r\n\r\n\r\n\r\nprices   below\t\n\n", closing: "  " },
    });
    expect(message.text.split("\n").slice(2, 8)).toEqual(["", "Hello,", "", "", "prices   below", ""]);
    expect(message.text).toContain("🛒 *Uncategorized*\n• Ginger root — case · 48 ct — $9.00\n\n🔗");
  });
});

describe("names are data", () => {
  it("turns every marker into a look-alike that formats nothing", () => {
    expect(neutraliseMarkers("*Hot* _deal_ ~now~ `code` ```mono```")).toBe("∗Hot∗ ˍdealˍ ∼now∼ ˋcodeˋ ˋˋˋmonoˋˋˋ");
    expect(formatLine(neutraliseMarkers("*Hot* _deal_ ~now~ ```mono```"))).toEqual([
      { text: "∗Hot∗ ˍdealˍ ∼now∼ ˋˋˋmonoˋˋˋ" },
    ]);
  });

  it("drops control, bidirectional and invisible characters and keeps emoji whole", () => {
    expect(neutraliseMarkers("\u202eMango\u200b\u2066 Ataulfo\u200f\u0007\u00ad\ufeff")).toBe("Mango Ataulfo");
    expect(neutraliseMarkers("\u3164\u115f")).toBe("");
    for (const emoji of ["🍍", "👩‍🌾", "🧑🏽‍🌾", "🏳️‍🌈", "❤️‍🔥", "🇲🇽", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣"]) {
      expect(neutraliseMarkers(`Piña ${emoji}`)).toBe(`Piña ${emoji}`);
    }
    // A joiner that joins no emoji, and tags that spell no flag, are hidden text.
    expect(neutraliseMarkers("a\u200db 🍍\u200d x\u{e0067}\u{e007f}")).toBe("ab 🍍 x");
  });

  it("keeps right-to-left names, without the marks that would reorder the line", () => {
    const message = build({
      items: [item("dates", "\u202bتمر\u202c *مجدول*", "", "fruits"), item("pom", "\u200fרימון\u200e", "", "fruits")],
      options: { showPack: false, markChanges: false },
    });
    expect(productLines(message.text)).toEqual(["רימון — $50.00", "تمر ∗مجدول∗ — $50.00"]);
    expect(message.text).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });

  it("collapses whitespace in names and falls back to the other language, then the slug", () => {
    const message = build({
      items: [
        item("kale", "  Curly\n\tkale  ", "", "vegetables"),
        item("leek", "\u200b", "Puerro", "vegetables"),
        item("chard", " ", "\u200e", "vegetables"),
      ],
      options: { showPack: false, markChanges: false },
      list: { slug: "restaurants", name: "Restau\nrants \u202e" },
    });
    expect(productLines(message.text)).toEqual(["chard — $50.00", "Curly kale — $50.00", "Puerro — $50.00"]);
    expect(message.text.split("\n")[0]).toBe("*Pompano Fresh Produce — Restau rants*");
  });

  it("lets nothing but the title, the headings and our own marks be formatted, whatever the names say", () => {
    const random = seeded(20260704);
    const alphabet = [
      "*",
      "_",
      "~",
      "`",
      "```",
      " ",
      "  ",
      "a",
      "b",
      "é",
      "🍍",
      "👩‍🌾",
      "(",
      ")",
      ".",
      ",",
      "-",
      "\u202e",
      "\u200f",
      "\n",
      "\t",
      "$",
      "1",
    ];
    const text = (n: number) =>
      Array.from({ length: 1 + Math.floor(random() * n) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
        "",
      );
    const groups = ["vegetables", "fruits", "herbs", "dry_produce", "others", null, "junk"];
    const crowd = Array.from({ length: 400 }, (_, i) =>
      item(`p${i}`, text(30), text(30), groups[i % groups.length], {
        priceCents: 100 + i,
        available: i % 3 !== 0,
        unit: text(6),
        packUnit: i % 2 ? text(4) : null,
      }),
    );
    const last = new Map<string, number | null>(
      crowd.filter((_, i) => i % 4 !== 0).map((p, i) => [p.productId, 100 + i * 2]),
    );
    const clean = (value: string) => neutraliseMarkers(value).replace(/\s+/g, " ").trim();

    for (const lang of ["en", "es"] as const) {
      const t = translatorFor(lang) as unknown as (key: string, options?: object) => string;
      const company = `*Pompano* _Fresh_ ${text(20)}`;
      const listName = `~Hotels~ \`x\` ${text(20)}`;
      const message = build({
        items: crowd,
        previous: last,
        site: { name: company, phone: `+1 *954* ${text(5)}`, baseUrl: "https://pompano.example" },
        list: { slug: "hotels", name: listName },
        options: { lang, greeting: text(200), closing: text(200) },
      });
      expect(message.parts.length).toBeGreaterThan(1);
      const title = `${clean(company)} — ${clean(listName)}`;
      const labels = ["vegetables", "fruits", "herbs", "dry_produce", "others", "uncategorized"].map((g) =>
        t(`categories.${g}`, { ns: "catalog" }),
      );
      const ours = ["message.outOfStock", "message.new", "message.continued"].map((key) =>
        t(key, { ns: "chat-export" }),
      );
      ours.push(t("sheet.notice", { ns: "print" }));

      for (const part of [message.text, ...message.parts]) {
        const tokens: FormatToken[] = part.split("\n").flatMap(formatLine);
        const bold = tokens.filter((token) => token.bold).map((token) => token.text);
        const italic = tokens.filter((token) => token.italic).map((token) => token.text);
        expect(tokens.filter((token) => token.strike || token.mono)).toEqual([]);
        expect(tokens.filter((token) => token.bold && token.italic)).toEqual([]);
        expect(bold[0]).toBe(title);
        for (const label of bold.slice(1)) expect(labels).toContain(label);
        for (const mark of italic) expect(ours).toContain(mark);
        // Every marker left in the text is one of ours, and ours all pair up.
        expect(part.split("*").length - 1).toBe(2 * bold.length);
        expect(part.split("_").length - 1).toBe(2 * italic.length);
        expect(part).not.toMatch(/[~`\u202e\u200f\t]/);
      }
      expect(productLines(message.text)).toHaveLength(crowd.length);
    }
  });
});

describe("splitting a long message", () => {
  const big = (
    n: number,
    group: (i: number) => string | null = (i) =>
      ["vegetables", "fruits", "herbs", "dry_produce", "others", null][i % 6],
  ) =>
    Array.from({ length: n }, (_, i) => {
      const name = `Product ${String(i).padStart(4, "0")} ${"xyz".repeat(i % 7)}`;
      return item(`p${i}`, name, `Producto ${String(i).padStart(4, "0")}`, group(i), { priceCents: 100 + i });
    });

  function expectWellSplit(parts: string[], lang: Lang = "en") {
    const n = parts.length;
    const word = lang === "es" ? "parte" : "part";
    const of = lang === "es" ? "de" : "of";
    parts.forEach((part, i) => {
      expect(part.length).toBeLessThanOrEqual(MESSAGE_PART_LIMIT);
      expect(part.split("\n")[0]).toBe(`*Pompano Fresh Produce — Restaurants* (${word} ${i + 1} ${of} ${n})`);
      expect(part).not.toMatch(/\n\n\n\n|^\n|\n$/);
      expect(part).not.toMatch(/\p{Cs}/u);
    });
  }

  it("sends a message exactly at the limit as one part, and one character more as two", () => {
    const base = build({ options: { greeting: "" } }).length;
    const fill = MESSAGE_PART_LIMIT - base - 2;
    const exact = build({ options: { greeting: "g".repeat(fill) } });
    expect(exact.length).toBe(MESSAGE_PART_LIMIT);
    expect(exact.parts).toEqual([exact.text]);
    expect(exact.parts[0]).not.toContain("(part");

    const over = build({ options: { greeting: "g".repeat(fill + 1) } });
    expect(over.length).toBe(MESSAGE_PART_LIMIT + 1);
    expect(over.parts).toHaveLength(2);
    expectWellSplit(over.parts);
    expect(over.parts[0]).toContain("Prices as of");
    expect(over.parts[0]).toContain("g".repeat(fill + 1));
    expect(over.parts[1]).toContain("_Prices subject to change_");
    expect(productLines(over.parts.join("\n"))).toEqual(productLines(over.text));
  });

  it("splits 2,000 products into numbered parts within the limit, each product exactly once and in order", () => {
    for (const lang of ["en", "es"] as const) {
      const products = big(2000);
      const message = build({
        items: products,
        previous: null,
        options: { lang, greeting: "Hello!", closing: "Bye!" },
      });
      expect(message.counts.products).toBe(2000);
      expect(message.parts.length).toBeGreaterThan((2000 * 30) / MESSAGE_PART_LIMIT);
      expectWellSplit(message.parts, lang);
      const across = message.parts.flatMap(productLines);
      expect(across).toEqual(productLines(message.text));
      expect(new Set(across).size).toBe(2000);
      // The greeting opens the first part, the footer closes the last; each appears once.
      expect(message.parts[0].split("\n").slice(2, 4)).toEqual(["", "Hello!"]);
      expect(message.parts.filter((part) => part.includes("Hello!"))).toHaveLength(1);
      const notice = lang === "es" ? "_Precios sujetos a cambio_" : "_Prices subject to change_";
      expect(message.parts.at(-1)!.endsWith(notice)).toBe(true);
      expect(message.parts.filter((part) => part.includes(notice) || part.includes("Bye!"))).toHaveLength(1);
      // Each later part starts with a category's heading, marked when the category goes on from the part before.
      const continued = lang === "es" ? " _(continuación)_" : " _(continued)_";
      for (let i = 1; i < message.parts.length; i++) {
        const first = message.parts[i].split("\n")[2];
        if (first === "Bye!") continue;
        expect(first).toMatch(/^\S+ \*[^*]+\*( _\(\S+\)_)?$/);
        const before = message.parts[i - 1].split("\n\n").at(-1)!.split("\n")[0].replace(continued, "");
        if (first.endsWith(continued)) expect(first).toBe(before + continued);
        else expect(first).not.toBe(before);
      }
    }
  });

  it("keeps a category that fits in one part whole, in the next part when it does not fit the current one", () => {
    const products = big(90, (i) => (i < 60 ? "fruits" : "herbs"));
    const message = build({ items: products, previous: null, options: { greeting: "", closing: "" } });
    expect(message.parts).toHaveLength(2);
    expectWellSplit(message.parts);
    expect(message.parts[0]).toContain("🍎 *Fruits*");
    expect(message.parts[0]).not.toContain("Herbs");
    expect(message.parts[1].split("\n")[2]).toBe("🌿 *Herbs*");
    expect(productLines(message.parts[1])).toHaveLength(30);
  });

  it("splits one huge category between product lines, its heading repeated and marked as continued", () => {
    const message = build({ items: big(400, () => "fruits"), previous: null });
    expect(message.parts.length).toBeGreaterThan(3);
    expectWellSplit(message.parts);
    expect(message.parts[0]).toContain("\n🍎 *Fruits*\n• ");
    for (const part of message.parts.slice(1)) {
      if (productLines(part).length > 0) expect(part.split("\n")[2]).toBe("🍎 *Fruits* _(continued)_");
    }
    expect(message.parts.flatMap(productLines)).toEqual(productLines(message.text));
    // A category does not end a part on its heading alone.
    for (const part of message.parts) expect(part).not.toMatch(/\*Fruits\*( _\(continued\)_)?$/);
  });

  it("cuts a 10,000-character greeting at whitespace, or hard where it has none, without breaking an emoji", () => {
    const words = Array.from({ length: 1430 }, (_, i) => `word${i % 10}x`).join(" ");
    expect(words.length).toBeGreaterThan(9_900);
    const worded = build({ options: { greeting: words } });
    expectWellSplit(worded.parts);
    expect(worded.parts[0].split("\n")[2]).toBe("");
    expect(worded.parts[0].split("\n")[3].startsWith("word0x word1x")).toBe(true);
    const greetingBack = worded.parts
      .flatMap((part) => part.split("\n"))
      .filter((line) => line.startsWith("word"))
      .join(" ");
    expect(greetingBack).toBe(words);
    expect(worded.parts.flatMap(productLines)).toEqual(productLines(worded.text));

    for (const greeting of ["x".repeat(10_000), "🍍".repeat(5_000), "👩‍🌾".repeat(2_000)]) {
      const hard = build({ options: { greeting } });
      expectWellSplit(hard.parts);
      const back = hard.parts
        .flatMap((part) => part.split("\n"))
        .filter((line) => line.startsWith(greeting.slice(0, 2)))
        .join("");
      expect(back).toBe(greeting);
      expect(hard.parts.flatMap(productLines)).toEqual(productLines(hard.text));
    }
  });

  it("cuts a huge closing too, and keeps the footer's own lines in the last part", () => {
    const message = build({ options: { closing: "bye ".repeat(2_500) } });
    expectWellSplit(message.parts);
    const last = message.parts.at(-1)!;
    expect(last).toContain("📞 Orders and questions: +1 (954) 555-0142");
    expect(last.endsWith("_Prices subject to change_")).toBe(true);
  });

  it("numbers parts in Spanish too", () => {
    const message = build({ items: big(300), options: { lang: "es" } });
    expectWellSplit(message.parts, "es");
    expect(message.parts[1].split("\n")[2]).toMatch(/^\S+ \*[^*]+\*( _\(continuación\)_)?$/);
  });
});

/** A small deterministic generator, so a failing case can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
