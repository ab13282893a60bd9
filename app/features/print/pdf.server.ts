import { pdfThumbnailPoints } from "~/services/images/resize.server";
import { paperSize, type SheetLayout } from "./options";
import type { Sheet, SheetRow } from "./sheet";

export type SheetPdfOptions = {
  /** JPEG or PNG bytes of an image key, or undefined when there is none; pdfkit reads no other format. */
  image?: (key: string) => Promise<Buffer | undefined>;
};

/** The side, in points, of a thumbnail on each layout: what the image loader should render for. */
export const pdfThumbnailSize: Record<SheetLayout, number> = {
  short: pdfThumbnailPoints.small,
  long: pdfThumbnailPoints.large,
};

// Code points outside Latin-1 that WinAnsiEncoding places in 0x80–0x9F.
const winAnsiExtras = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c,
  0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

// Letters and signs with no decomposition to a Latin-1 base, but an obvious stand-in.
const lookalikes: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "―": "—",
  "−": "-",
  "′": "'",
  "″": '"',
  "⁄": "/",
};

function encodable(code: number) {
  // 0xAD, the soft hyphen, is invisible: printed, it would be a stray hyphen.
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff && code !== 0xad) || winAnsiExtras.has(code);
}

function encodableString(text: string) {
  for (let i = 0; i < text.length; i++) if (!encodable(text.charCodeAt(i))) return false;
  return true;
}

const plainAscii = /^[\x20-\x7e]*$/;
const space = /\s/;
const marks = /\p{M}/gu;

/**
 * The text as the PDF's standard fonts can print it (WinAnsiEncoding): pdfkit writes any other
 * character as a wrong code, so it would print as garbage. Accented letters, ñ, ¿ ¡, €, curly
 * quotes, dashes, bullet and ellipsis stay; a letter outside Latin-1 becomes its base letter when
 * it has one (ő → o, ﬁ → fi); everything else (emoji, other scripts, invisible marks) is dropped
 * and the spaces it leaves are collapsed.
 */
export function toWinAnsi(text: string): string {
  if (plainAscii.test(text)) return text.replace(/ {2,}/g, " ").trim();
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 0;
    if (space.test(char)) out += " ";
    else if (encodable(code)) out += char;
    else if (lookalikes[char]) out += lookalikes[char];
    else {
      const base = char.normalize("NFKD").replace(marks, "");
      if (base && encodableString(base)) out += base;
    }
  }
  return out.replace(/\s+/g, " ").trim();
}

type Doc = PDFKit.PDFDocument;
/** What pdfkit's openImage returns; drawing the same object again reuses its one embedded copy. */
type PdfImage = { width: number; height: number };

const margin = 36;
const regular = "Helvetica";
const bold = "Helvetica-Bold";
const ellipsis = "…";
const black = "#111111";
const grey = "#5f5f5f";
const rule = "#9a9a9a";
const faint = "#d9d9d9";
const shade = "#f1f1f1";
const warning = "#a1261b";

function setFont(doc: Doc, font: string, size: number, color = black) {
  doc.font(font).fontSize(size).fillColor(color);
}

/** For measuring only: a colour can only be set once there is a page to write it on. */
function measureWith(doc: Doc, font: string, size: number) {
  doc.font(font).fontSize(size);
}

/** The longest start of `text` that fits in `width` with an ellipsis, or the text itself when it fits. */
function fit(doc: Doc, text: string, width: number, measured = doc.widthOfString(text)) {
  // The tolerance keeps a text measured against room computed from its own width from being cut.
  if (measured <= width + 0.01) return text;
  if (width <= 0) return "";
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (doc.widthOfString(text.slice(0, mid).trimEnd() + ellipsis) <= width) low = mid;
    else high = mid - 1;
  }
  if (low === 0) return doc.widthOfString(ellipsis) <= width ? ellipsis : "";
  return text.slice(0, low).trimEnd() + ellipsis;
}

/** One line at (x, top of the line); never wraps, never adds a page. */
function line(doc: Doc, text: string, x: number, y: number) {
  if (text) doc.text(text, x, y, { lineBreak: false });
}

/** One line with its baseline at y, so texts of different sizes on a line sit on the same baseline. */
function onBaseline(doc: Doc, text: string, x: number, y: number) {
  if (text) doc.text(text, x, y, { lineBreak: false, baseline: "alphabetic" });
}

function lineHeight(doc: Doc) {
  return doc.currentLineHeight(true);
}

/** A text block wrapped to a width, cut with an ellipsis after `maxLines`: measured once, drawn once. */
type Block = { text: string; lines: number; height: number; wraps: boolean };

function measureBlock(doc: Doc, text: string, width: number, maxLines: number, measured?: number): Block {
  const lh = lineHeight(doc);
  if (!text) return { text, lines: 0, height: 0, wraps: false };
  if ((measured ?? doc.widthOfString(text)) <= width) return { text, lines: 1, height: lh, wraps: false };
  const lines = Math.min(maxLines, Math.max(1, Math.round(doc.heightOfString(text, { width }) / lh)));
  return { text, lines, height: lines * lh, wraps: true };
}

function drawBlock(doc: Doc, block: Block, x: number, y: number, width: number) {
  if (block.lines === 0) return;
  if (!block.wraps) return line(doc, block.text, x, y);
  // A height makes pdfkit stop (with an ellipsis) instead of starting a new page.
  doc.text(block.text, x, y, { width, height: block.height + 0.5, ellipsis: true });
}

function drawImage(doc: Doc, image: PdfImage | undefined, x: number, y: number, size: number) {
  if (!image) return;
  doc.image(image as unknown as Buffer, x, y, { fit: [size, size], align: "center", valign: "center" });
}

function hline(doc: Doc, x1: number, x2: number, y: number, color: string, width = 0.5) {
  doc.save().lineWidth(width).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

type Texts = {
  company: string;
  listAndTitle: string;
  readAt: string;
  notice: string;
  contact: string;
  minimums: string;
  pageOf: string;
  outOfStock: string;
  inStock: string;
  columns: Sheet["text"]["columns"];
};

function textsOf(sheet: Sheet): Texts {
  const t = sheet.text;
  const columns = Object.fromEntries(
    Object.entries(t.columns).map(([key, value]) => [key, toWinAnsi(value)]),
  ) as Texts["columns"];
  return {
    company: toWinAnsi(t.company),
    listAndTitle: [toWinAnsi(t.listName), toWinAnsi(t.title)].filter(Boolean).join(" — "),
    readAt: toWinAnsi(t.readAt),
    notice: toWinAnsi(t.notice),
    contact: [t.phone, t.email, t.hours].map(toWinAnsi).filter(Boolean).join("  ·  "),
    minimums: toWinAnsi(t.minimums),
    pageOf: toWinAnsi(t.pageOf),
    outOfStock: toWinAnsi(t.outOfStock),
    inStock: toWinAnsi(t.inStock),
    columns,
  };
}

type Frame = { width: number; height: number; left: number; right: number; top: number; bottom: number };

const headerHeight = 44;
const footerHeight = 32;

function frameOf(sheet: Sheet): Frame {
  const { width, height } = paperSize[sheet.paper];
  return {
    width,
    height,
    left: margin,
    right: width - margin,
    top: margin + headerHeight,
    bottom: height - margin - footerHeight,
  };
}

function drawHeader(doc: Doc, frame: Frame, texts: Texts) {
  const { left, right } = frame;
  const width = right - left;
  const top = margin;

  setFont(doc, bold, 9, black);
  const noticeWidth = doc.widthOfString(texts.notice);
  const notice = fit(doc, texts.notice, width / 2, noticeWidth);
  const noticeShown = doc.widthOfString(notice);
  line(doc, notice, right - noticeShown, top + 4);

  setFont(doc, bold, 14, black);
  line(doc, fit(doc, texts.company, width - noticeShown - 12), left, top);

  setFont(doc, regular, 9, grey);
  const readAt = fit(doc, texts.readAt, width / 2);
  const readAtWidth = doc.widthOfString(readAt);
  line(doc, readAt, right - readAtWidth, top + 21);

  setFont(doc, regular, 10.5, black);
  line(doc, fit(doc, texts.listAndTitle, width - readAtWidth - 12), left, top + 20);

  hline(doc, left, right, top + 35, rule, 0.75);
}

function drawFooter(doc: Doc, frame: Frame, texts: Texts, page: number, pages: number) {
  const { left, right } = frame;
  const width = right - left;
  const top = frame.height - margin - footerHeight + 6;
  hline(doc, left, right, top - 4, rule, 0.75);

  setFont(doc, bold, 9, black);
  const pageOf = texts.pageOf.replace("{{page}}", String(page)).replace("{{pages}}", String(pages));
  const pageOfWidth = doc.widthOfString(pageOf);
  line(doc, pageOf, right - pageOfWidth, top);

  setFont(doc, regular, 9, black);
  line(doc, fit(doc, texts.contact, width - pageOfWidth - 12), left, top);
  setFont(doc, regular, 9, grey);
  line(doc, fit(doc, texts.minimums, width), left, top + 12);
}

/** The row's name as it can be printed; a name made only of unprintable characters falls back to the slug. */
function printableName(row: SheetRow) {
  return toWinAnsi(row.name) || toWinAnsi(row.otherName ?? "") || row.slug;
}

async function loadImages(doc: Doc, sheet: Sheet, load: SheetPdfOptions["image"]) {
  const images = new Map<string, PdfImage>();
  if (!sheet.images || !load) return images;
  const keys = [
    ...new Set(
      sheet.sections.flatMap((section) => section.rows.map((row) => row.imageKey).filter((key) => key !== null)),
    ),
  ];
  const open = (doc as unknown as { openImage(src: Buffer): PdfImage }).openImage.bind(doc);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++];
      try {
        const bytes = await load(key);
        if (bytes) images.set(key, open(bytes));
      } catch {
        // A picture that cannot be read leaves its place empty; the sheet is still worth having.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, keys.length) }, worker));
  return images;
}

type Page = { frame: Frame; texts: Texts; images: Map<string, PdfImage> };

function newPage(doc: Doc, page: Page) {
  doc.addPage();
  drawHeader(doc, page.frame, page.texts);
}

// Short layout: a row a line, in columns flowing top to bottom, then left to right; a name too long
// to leave room for its unit and pack puts them on a second line. The last page's columns are
// balanced, as the page's CSS columns are, so a short list fills the width of its sheet instead of
// running down the left half.
const shortFontSize = 9.5;
const shortSmallSize = 9;
const shortColumnGap = 18;
const shortHeadingSize = 10;
const shortColumns = 2;
const shortHeadingGap = 6;
const shortHeadingHeight = 16;
const shortLine = 13;
const shortPackLine = 10;

type ShortSpot = { page: number; column: number; y: number };

/**
 * Where each section heading and row of a short sheet goes, for columns that end at `bottomOf`
 * their page. A heading never ends a column: it moves on with its first row. `fits` is false when
 * something is taller than a whole column, which then holds it anyway.
 */
function flowShort(heights: number[][], top: number, bottomOf: (page: number) => number) {
  let page = 0;
  let column = 0;
  let y = top;
  let fits = true;
  const nextColumn = () => {
    column++;
    if (column >= shortColumns) {
      page++;
      column = 0;
    }
    y = top;
  };
  const headings: ShortSpot[] = [];
  const rows: ShortSpot[][] = [];
  for (const section of heights) {
    if (y + shortHeadingGap + shortHeadingHeight + (section[0] ?? 0) > bottomOf(page)) nextColumn();
    if (y + shortHeadingHeight + (section[0] ?? 0) > bottomOf(page)) fits = false;
    if (y !== top) y += shortHeadingGap;
    headings.push({ page, column, y });
    y += shortHeadingHeight;
    rows.push(
      section.map((height) => {
        if (y + height > bottomOf(page)) nextColumn();
        if (y + height > bottomOf(page)) fits = false;
        const spot = { page, column, y };
        y += height;
        return spot;
      }),
    );
  }
  return { headings, rows, pages: page + 1, fits };
}

/**
 * The flow with the last page's columns as short as they can be and still hold its rows, each
 * heading with its first row, on as many pages as full columns take.
 */
function balancedShortFlow(heights: number[][], frame: Frame) {
  const flow = (lastBottom: number, last: number) =>
    flowShort(heights, frame.top, (page) => (page === last ? lastBottom : frame.bottom));
  const full = flow(frame.bottom, -1);
  const last = full.pages - 1;
  let low = frame.top;
  let high = frame.bottom;
  while (high - low > 1) {
    const middle = (low + high) / 2;
    const balanced = flow(middle, last);
    if (balanced.fits && balanced.pages === full.pages) high = middle;
    else low = middle;
  }
  return flow(high, last);
}

function drawShort(doc: Doc, sheet: Sheet, page: Page) {
  const { frame, texts, images } = page;
  const columnWidth = (frame.right - frame.left - shortColumnGap * (shortColumns - 1)) / shortColumns;
  const thumb = pdfThumbnailSize.short;
  const textOffset = sheet.images ? thumb + 4 : 2;

  measureWith(doc, regular, shortSmallSize);
  const outOfStockWidth = doc.widthOfString(texts.outOfStock);

  // Each row measured once: its price, the room left for the name, and whether the unit and pack
  // need a line of their own.
  const rows = sheet.sections.map((section) =>
    section.rows.map((row) => {
      measureWith(doc, bold, shortFontSize);
      const price = toWinAnsi(row.price);
      const priceWidth = doc.widthOfString(price);
      const shownPrice = fit(doc, price, columnWidth / 3, priceWidth);
      const shownPriceWidth = shownPrice === price ? priceWidth : doc.widthOfString(shownPrice);
      const end = columnWidth - 2 - shownPriceWidth - 6 - (row.available ? 0 : outOfStockWidth + 6);
      measureWith(doc, regular, shortFontSize);
      const name = printableName(row);
      const nameWidth = doc.widthOfString(name);
      const unitPack = toWinAnsi(row.unitPack);
      measureWith(doc, regular, shortSmallSize);
      const unitWidth = unitPack ? doc.widthOfString(unitPack) : 0;
      const twoLines = unitPack !== "" && nameWidth + 4 + unitWidth > end - textOffset;
      const lines = twoLines ? shortLine + shortPackLine : shortLine;
      const height = Math.max(lines, sheet.images ? thumb + 3 : 0);
      return { row, shownPrice, shownPriceWidth, end, name, nameWidth, unitPack, unitWidth, twoLines, lines, height };
    }),
  );
  const flow = balancedShortFlow(
    rows.map((section) => section.map((r) => r.height)),
    frame,
  );
  let pagesDrawn = 0;
  const leftOf = (spot: ShortSpot) => {
    while (pagesDrawn <= spot.page) {
      newPage(doc, page);
      pagesDrawn++;
    }
    return frame.left + spot.column * (columnWidth + shortColumnGap);
  };

  sheet.sections.forEach((section, sectionIndex) => {
    const heading = flow.headings[sectionIndex];
    const headingLeft = leftOf(heading);
    setFont(doc, bold, shortHeadingSize);
    line(doc, fit(doc, toWinAnsi(section.title), columnWidth), headingLeft, heading.y + 2);
    hline(doc, headingLeft, headingLeft + columnWidth, heading.y + shortHeadingHeight - 2, rule);

    rows[sectionIndex].forEach((r, index) => {
      const spot = flow.rows[sectionIndex][index];
      const { y } = spot;
      const left = leftOf(spot);
      const right = left + columnWidth;
      const { row } = r;
      if (index % 2 === 1) doc.rect(left, y, columnWidth, r.height).fill(shade);
      if (row.imageKey) drawImage(doc, images.get(row.imageKey), left + 1, y + (r.height - thumb) / 2, thumb);
      const baseline = y + (r.height - r.lines) / 2 + shortLine / 2 + 3.4;

      setFont(doc, bold, shortFontSize, row.available ? black : grey);
      onBaseline(doc, r.shownPrice, right - 2 - r.shownPriceWidth, baseline);
      const end = left + r.end;
      if (!row.available) {
        setFont(doc, regular, shortSmallSize, warning);
        onBaseline(doc, texts.outOfStock, end + 6, baseline);
      }

      const start = left + textOffset;
      setFont(doc, regular, shortFontSize, row.available ? black : grey);
      const shownName = fit(doc, r.name, end - start, r.nameWidth);
      const shownNameWidth = shownName === r.name ? r.nameWidth : doc.widthOfString(shownName);
      onBaseline(doc, shownName, start, baseline);

      if (r.unitPack) {
        setFont(doc, regular, shortSmallSize, grey);
        if (r.twoLines) {
          onBaseline(doc, fit(doc, r.unitPack, right - 2 - start, r.unitWidth), start, baseline + shortPackLine);
        } else {
          const unitStart = start + shownNameWidth + 4;
          onBaseline(doc, fit(doc, r.unitPack, end - unitStart, r.unitWidth), unitStart, baseline);
        }
      }
    });
  });
  // A sheet with nothing to print still has its page, with the header and footer.
  if (pagesDrawn === 0) newPage(doc, page);
}

// Long layout: a table, one row a product, its header repeated on every page.
const cellPadding = 4;
const nameSize = 10;
const cellSize = 9;
const headSize = 9;

type Column = { key: keyof Texts["columns"]; width: number; x: number; align: "left" | "right" };

type MeasuredRow = {
  row: SheetRow;
  name: Block;
  other: Block;
  unit: Block;
  price: string;
  priceWidth: number;
  height: number;
};

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

function drawLong(doc: Doc, sheet: Sheet, page: Page) {
  const { frame, texts, images } = page;
  const width = frame.right - frame.left;
  const thumb = pdfThumbnailSize.long;
  const pad2 = cellPadding * 2;

  const prices = new Map<SheetRow, { text: string; width: number }>();
  const units = new Map<SheetRow, { text: string; width: number }>();
  measureWith(doc, bold, cellSize);
  let priceMax = 0;
  for (const section of sheet.sections)
    for (const row of section.rows) {
      const text = toWinAnsi(row.price);
      const measured = doc.widthOfString(text);
      prices.set(row, { text, width: measured });
      priceMax = Math.max(priceMax, measured);
    }
  measureWith(doc, regular, cellSize);
  let unitMax = 0;
  for (const section of sheet.sections)
    for (const row of section.rows) {
      const text = toWinAnsi(row.unitPack);
      const measured = doc.widthOfString(text);
      units.set(row, { text, width: measured });
      unitMax = Math.max(unitMax, measured);
    }
  const sectionTitles = sheet.sections.map((section) => toWinAnsi(section.rows[0]?.category ?? section.title));
  const categoryMax = Math.max(0, ...sectionTitles.map((title) => doc.widthOfString(title)));
  const inStockWidth = doc.widthOfString(texts.inStock);
  measureWith(doc, bold, cellSize);
  const availabilityMax = Math.max(inStockWidth, doc.widthOfString(texts.outOfStock));

  measureWith(doc, bold, headSize);
  const head = (key: keyof Texts["columns"]) => doc.widthOfString(texts.columns[key]);
  const widths = {
    image: sheet.images ? Math.max(thumb, Math.min(head("image"), 48)) + pad2 : 0,
    category: clamp(Math.max(categoryMax, Math.min(head("category"), 80)) + pad2, 60, 104),
    unit: clamp(Math.max(unitMax, Math.min(head("unit"), 80)) + pad2, 64, 112),
    price: clamp(Math.max(priceMax, head("price")) + pad2, 48, 92),
    availability: clamp(Math.max(availabilityMax, Math.min(head("availability"), 80)) + pad2, 54, 92),
  };
  const columns: Column[] = [];
  let x = frame.left;
  const add = (key: Column["key"], columnWidth: number, align: Column["align"] = "left") => {
    columns.push({ key, width: columnWidth, x, align });
    x += columnWidth;
  };
  if (sheet.images) add("image", widths.image);
  add("product", width - widths.image - widths.category - widths.unit - widths.price - widths.availability);
  add("category", widths.category);
  add("unit", widths.unit);
  add("price", widths.price, "right");
  add("availability", widths.availability);
  const column = (key: Column["key"]) => columns.find((c) => c.key === key) as Column;
  const product = column("product");
  const inner = (c: Column) => c.width - pad2;

  measureWith(doc, bold, headSize);
  const headBlocks = columns.map((c) => measureBlock(doc, texts.columns[c.key], inner(c), 2));
  const tableHeadHeight = Math.max(...headBlocks.map((b) => b.height)) + pad2;

  const drawTableHead = (y: number) => {
    doc.rect(frame.left, y, width, tableHeadHeight).fill("#e6e6e6");
    setFont(doc, bold, headSize);
    columns.forEach((c, i) => {
      const block = headBlocks[i];
      if (c.align === "right" && !block.wraps) {
        line(doc, block.text, c.x + c.width - cellPadding - doc.widthOfString(block.text), y + cellPadding);
      } else drawBlock(doc, block, c.x + cellPadding, y + cellPadding, inner(c));
    });
    hline(doc, frame.left, frame.right, y + tableHeadHeight, rule, 0.75);
    return y + tableHeadHeight;
  };

  const categoryColumn = column("category");
  measureWith(doc, regular, cellSize);
  const categoryBlocks = sectionTitles.map((title) => measureBlock(doc, title, inner(categoryColumn), 2));
  const minHeight = Math.max(sheet.images ? thumb : 0, lineHeight(doc));

  const unitColumn = column("unit");
  const priceColumn = column("price");
  const availabilityColumn = column("availability");
  const imageColumn = sheet.images ? column("image") : undefined;
  measureWith(doc, regular, cellSize);
  const inStock = fit(doc, texts.inStock, inner(availabilityColumn));
  measureWith(doc, bold, cellSize);
  const outOfStock = fit(doc, texts.outOfStock, inner(availabilityColumn));

  const measure = (row: SheetRow, category: Block): MeasuredRow => {
    measureWith(doc, regular, nameSize);
    const name = measureBlock(doc, printableName(row), inner(product), 3);
    measureWith(doc, regular, cellSize);
    const other = measureBlock(doc, toWinAnsi(row.otherName ?? ""), inner(product), 2);
    const unitText = units.get(row) as { text: string; width: number };
    const unit = measureBlock(doc, unitText.text, inner(unitColumn), 2, unitText.width);
    const price = prices.get(row) as { text: string; width: number };
    const productHeight = name.height + (other.lines ? other.height + 1 : 0);
    const height = Math.max(minHeight, productHeight, category.height, unit.height) + pad2;
    return { row, name, other, unit, price: price.text, priceWidth: price.width, height };
  };

  const drawRow = (m: MeasuredRow, category: Block, y: number) => {
    const { row } = m;
    const top = y + cellPadding;
    // Nine-point cells sit a little lower so their baselines meet the ten-point name's.
    const cellTop = top + 0.7;
    if (imageColumn && row.imageKey) {
      drawImage(doc, images.get(row.imageKey), imageColumn.x + (imageColumn.width - thumb) / 2, top, thumb);
    }
    setFont(doc, regular, nameSize, black);
    drawBlock(doc, m.name, product.x + cellPadding, top, inner(product));
    if (m.other.lines) {
      setFont(doc, regular, cellSize, grey);
      drawBlock(doc, m.other, product.x + cellPadding, top + m.name.height + 1, inner(product));
    }
    setFont(doc, regular, cellSize, black);
    drawBlock(doc, category, categoryColumn.x + cellPadding, cellTop, inner(categoryColumn));
    drawBlock(doc, m.unit, unitColumn.x + cellPadding, cellTop, inner(unitColumn));

    setFont(doc, bold, cellSize, black);
    const price = fit(doc, m.price, inner(priceColumn), m.priceWidth);
    const priceWidth = price === m.price ? m.priceWidth : doc.widthOfString(price);
    line(doc, price, priceColumn.x + priceColumn.width - cellPadding - priceWidth, cellTop);

    setFont(doc, row.available ? regular : bold, cellSize, row.available ? black : warning);
    line(doc, row.available ? inStock : outOfStock, availabilityColumn.x + cellPadding, cellTop);

    hline(doc, frame.left, frame.right, y + m.height, faint);
  };

  const sectionHeadingHeight = 22;
  let y = 0;
  const startPage = () => {
    newPage(doc, page);
    y = drawTableHead(frame.top);
  };

  startPage();
  sheet.sections.forEach((section, index) => {
    const category = categoryBlocks[index];
    const rows = section.rows.map((row) => measure(row, category));
    const first = rows[0]?.height ?? 0;
    // The heading never ends a page: it moves on with its first row.
    if (y + sectionHeadingHeight + first > frame.bottom) startPage();
    setFont(doc, bold, 11, black);
    line(doc, fit(doc, toWinAnsi(section.title), width - cellPadding), frame.left + cellPadding, y + 8);
    y += sectionHeadingHeight;
    hline(doc, frame.left, frame.right, y, rule);
    for (const m of rows) {
      if (y + m.height > frame.bottom) startPage();
      drawRow(m, category, y);
      y += m.height;
    }
  });
}

/**
 * The sheet as a PDF, drawn like the print page: a header and a footer on every page, the short
 * layout in columns of one-line rows, the long one as a table whose header repeats on every page
 * and whose rows are never split.
 */
export async function renderSheetPdf(sheet: Sheet, options: SheetPdfOptions): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const frame = frameOf(sheet);
  const texts = textsOf(sheet);
  const t = sheet.text;
  const doc = new PDFDocument({
    size: [frame.width, frame.height],
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    autoFirstPage: false,
    bufferPages: true,
    compress: true,
    pdfVersion: "1.4",
    lang: sheet.lang,
    displayTitle: true,
    info: {
      Title: [t.company, t.listName, t.title].filter(Boolean).join(" – "),
      Author: t.company,
      Subject: t.readAt,
    },
  });

  const chunks: Uint8Array[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  try {
    const images = await loadImages(doc, sheet, options.image);
    const page: Page = { frame, texts, images };
    if (sheet.layout === "short") drawShort(doc, sheet, page);
    else drawLong(doc, sheet, page);

    const range = doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      drawFooter(doc, frame, texts, i + 1, range.count);
    }
    doc.end();
  } catch (error) {
    doc.destroy();
    throw error;
  }
  return done;
}
