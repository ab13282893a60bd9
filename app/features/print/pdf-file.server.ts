import { config } from "~/config.server";
import { ensureLocalCopy } from "~/services/images/storage.server";
import { pdfThumbnail } from "~/services/images/resize.server";
import { pdfThumbnailSize, renderSheetPdf } from "./pdf.server";
import type { Sheet } from "./sheet";

/** The sheet's PDF with its pictures read from this instance's uploads (fetched from the bucket when needed). */
export function loadSheetPdf(sheet: Sheet) {
  const dataDir = process.env.DATA_DIR ?? config().DATA_DIR;
  const size = pdfThumbnailSize[sheet.layout];
  return renderSheetPdf(sheet, {
    image: async (key) => ((await ensureLocalCopy(dataDir, key)) ? pdfThumbnail(dataDir, key, size) : undefined),
  });
}
