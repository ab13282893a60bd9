import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// The PDF standard fonts' metrics, which the server's PDFs use without embedding them.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

export type PdfPage = {
  width: number;
  height: number;
  text: string;
  /** The text without any whitespace: a ligature ("fl") or a line break splits a run where a reader sees one word. */
  compact: string;
  images: number;
  /** Each run of text where it starts, in points from the page's left and bottom edges. */
  runs: Array<{ text: string; x: number; y: number }>;
};

/** A text as `compact` holds it, to look it up there. */
export function compactText(text: string) {
  return text.normalize("NFKC").replace(/\s+/g, "");
}

/**
 * A PDF as a reader sees it: each page's size in points, its text (runs joined by spaces,
 * whitespace collapsed) and how many pictures are painted on it; all the text, and the title.
 */
export async function readPdf(bytes: Uint8Array | Buffer) {
  const { OPS } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    standardFontDataUrl,
  }).promise;
  const pages: PdfPage[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view;
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " ")
        .trim();
      const operators = await page.getOperatorList();
      const images = operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
      const runs = content.items.flatMap((item) =>
        "str" in item && item.str.trim() ? [{ text: item.str, x: item.transform[4], y: item.transform[5] }] : [],
      );
      pages.push({
        width: Math.round(x1 - x0),
        height: Math.round(y1 - y0),
        text,
        compact: compactText(text),
        images,
        runs,
      });
    }
    const info = (await doc.getMetadata()).info as { Title?: string };
    return { pages, text: pages.map((page) => page.text).join("\n"), title: info.Title };
  } finally {
    await doc.destroy();
  }
}
