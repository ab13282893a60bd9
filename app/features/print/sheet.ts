import { groupOf, orderedGroups, type CategoryGroup } from "~/features/catalog/categories";
import { unitAndPackLabeler } from "~/features/catalog/format";
import { BUSINESS_TIME_ZONE, formatDateTime } from "~/components/ui/date-time";
import type { BuyerItem } from "~/features/price-lists/buyer-items";
import type { Lang } from "~/i18n/config";
import { formatMoney } from "~/lib/money";
import { layoutOf, type Paper, type SheetFormat, type SheetLayout } from "./options";

/**
 * One sheet, built once on the server and drawn twice: by the print page (HTML and CSS) and by the
 * PDF (docs/decisions/020-printed-price-sheets.md). Every text on it is already in the sheet's
 * language, so both drawings say the same.
 */
export type Sheet = {
  format: SheetFormat;
  layout: SheetLayout;
  paper: Paper;
  images: boolean;
  lang: Lang;
  list: { slug: string; name: string };
  /** When the prices were read, as an instant; `text.readAt` says it in New York time. */
  readAt: string;
  text: SheetText;
  sections: SheetSection[];
  /** Products on the sheet. */
  count: number;
  fileName: string;
};

export type SheetSection = { group: CategoryGroup; title: string; rows: SheetRow[] };

export type SheetRow = {
  productId: string;
  slug: string;
  /** In the sheet's language. */
  name: string;
  /** In the other language, when it differs. */
  otherName: string | null;
  category: string;
  unitPack: string;
  priceCents: number | null;
  /** The price as people read it, or "Ask us" when the list has none. */
  price: string;
  available: boolean;
  imageKey: string | null;
};

export type SheetText = {
  title: string;
  company: string;
  listName: string;
  readAt: string;
  notice: string;
  phone: string;
  email: string;
  hours: string;
  minimums: string;
  /** "Page {{page}} of {{pages}}": each drawing puts in its own counters. */
  pageOf: string;
  outOfStock: string;
  inStock: string;
  columns: { image: string; product: string; category: string; unit: string; price: string; availability: string };
};

/** One item of the list as the database gives it, in both languages. */
export type SheetItem = BuyerItem;

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type SheetInput = {
  format: SheetFormat;
  paper: Paper;
  images: boolean;
  lang: Lang;
  /** A translator in the sheet's language. */
  t: Translate;
  list: { slug: string; name: string };
  site: { name: string; phone: string; email: string };
  items: readonly SheetItem[];
  readAt: Date;
};

const invisible = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** Names are data: control, bidirectional and other invisible marks are dropped so nothing reorders a line. */
export function cleanText(text: string) {
  return text.replace(invisible, "").replace(/\s+/g, " ").trim();
}

/** `{list-slug}-{format}-{yyyy-mm-dd}.pdf`, the day in New York. */
export function sheetFileName(slug: string, format: SheetFormat, at: Date) {
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
  return `${slug}-${format}-${day}.pdf`;
}

/**
 * The sheet: products by category (categories in the alphabetical order of the sheet's language,
 * Uncategorized last), by name within each, with every text it prints.
 */
export function buildSheet(input: SheetInput): Sheet {
  const { t, lang } = input;
  const categoryLabel = (group: CategoryGroup) => t(`categories.${group}`, { ns: "catalog" });
  const order = orderedGroups(categoryLabel, lang);
  const collator = new Intl.Collator(lang, { sensitivity: "base", numeric: true });
  const unitAndPack = unitAndPackLabeler(t as never, lang);
  const askUs = t("private.noPrice", { ns: "prices" });

  const byGroup = new Map<CategoryGroup, SheetRow[]>();
  for (const item of input.items) {
    const group = groupOf(item.category);
    const en = cleanText(item.nameEn);
    const es = cleanText(item.nameEs);
    const name = (lang === "es" ? es : en) || en || es;
    const other = lang === "es" ? en : es;
    const row: SheetRow = {
      productId: item.productId,
      slug: item.slug,
      name,
      otherName: other && collator.compare(other, name) !== 0 ? other : null,
      category: categoryLabel(group),
      unitPack: cleanText(unitAndPack(item)),
      priceCents: item.priceCents,
      price: item.priceCents === null ? askUs : formatMoney(item.priceCents, lang),
      available: item.available,
      imageKey: input.images ? item.imageKey : null,
    };
    const rows = byGroup.get(group);
    if (rows) rows.push(row);
    else byGroup.set(group, [row]);
  }
  const sections: SheetSection[] = [];
  for (const group of order) {
    const rows = byGroup.get(group);
    if (!rows) continue;
    rows.sort((a, b) => collator.compare(a.name, b.name) || a.slug.localeCompare(b.slug));
    sections.push({ group, title: categoryLabel(group), rows });
  }

  const ns = { ns: "print" };
  return {
    format: input.format,
    layout: layoutOf(input.format),
    paper: input.paper,
    images: input.images,
    lang,
    list: { slug: input.list.slug, name: cleanText(input.list.name) },
    readAt: input.readAt.toISOString(),
    count: input.items.length,
    fileName: sheetFileName(input.list.slug, input.format, input.readAt),
    sections,
    text: {
      title: t(`sheet.title.${input.format}`, ns),
      company: cleanText(input.site.name),
      listName: cleanText(input.list.name),
      readAt: t("sheet.readAt", { ...ns, when: formatDateTime(input.readAt, lang) }),
      notice: t("sheet.notice", ns),
      phone: input.site.phone,
      email: input.site.email,
      hours: t("footer.hours", { ns: "navigation" }),
      minimums: t("sheet.minimums", ns),
      pageOf: t("sheet.pageOf", { ...ns, page: "{{page}}", pages: "{{pages}}" }),
      outOfStock: t("sheet.outOfStock", ns),
      inStock: t("sheet.inStock", ns),
      columns: {
        image: t("sheet.columns.image", ns),
        product: t("sheet.columns.product", ns),
        category: t("sheet.columns.category", ns),
        unit: t("sheet.columns.unit", ns),
        price: t("sheet.columns.price", ns),
        availability: t("sheet.columns.availability", ns),
      },
    },
  };
}
