/**
 * The import screen's Web Worker: decoding, detection, parsing, understanding and the dry-run
 * plan run here, off the page's thread, so the page stays responsive with a 10 MB file. The
 * understood rows stay in the worker; the page gets what it shows.
 */
import { checkFileSize } from "../engine/read/decode";
import { indexExisting } from "../engine/plan/decide";
import { matchKeys, planImport } from "../engine/plan/plan";
import { understandFile } from "../engine/pipeline";
import { asPlanned, listPriceMove } from "../engine/results";
import type { UnderstoodRow } from "../engine/types";
import type { PreviewRow, WorkerRequest, WorkerResponse } from "./worker-protocol";

/** The worker's global scope, typed by what it uses (the project's types are the DOM's, not a worker's). */
const scope = self as unknown as {
  postMessage: (message: WorkerResponse) => void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

let rows: UnderstoodRow[] = [];
let existing = indexExisting([]);

function send(message: WorkerResponse) {
  scope.postMessage(message);
}

function withoutRaw({ raw: _raw, ...row }: UnderstoodRow): PreviewRow {
  return row;
}

async function read(file: Blob, previewRows: number) {
  rows = [];
  const tooLarge = checkFileSize(file.size);
  if (tooLarge) return send({ type: "rejected", rejection: tooLarge });
  const bytes = new Uint8Array(await file.arrayBuffer());
  let lastSent = 0;
  const result = await understandFile(bytes, {
    onBatch: (_batch, progress) => {
      // At most about a hundred updates, whatever the size of the file.
      if (progress.bytesRead - lastSent < progress.totalBytes / 100) return;
      lastSent = progress.bytesRead;
      send({ type: "progress", done: progress.bytesRead, total: progress.totalBytes });
    },
  });
  if (!result.ok) return send({ type: "rejected", rejection: result.rejection });
  rows = result.rows;
  send({
    type: "understood",
    summary: {
      encoding: result.encoding,
      format: result.format,
      totalRows: result.totalRows,
      blankRecords: result.blankRecords,
      footerRecords: result.footerRecords,
      superseded: result.superseded.size,
      duplicates: [...result.superseded],
    },
    preview: rows.slice(0, previewRows).map(withoutRaw),
    keys: matchKeys(rows),
  });
}

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === "read") {
    read(request.file, request.previewRows).catch(() => send({ type: "failed", during: "read" }));
    return;
  }
  if (request.type === "rows") {
    // A batch as the server re-reads it: each row's number, line and cells as written in the file.
    const batch = rows
      .slice((request.batch - 1) * request.size, request.batch * request.size)
      .map((r) => ({ row: r.row, line: r.line, cells: r.raw.cells }));
    send({ type: "rows", id: request.id, rows: batch });
    return;
  }
  try {
    if (request.existing) existing = indexExisting(request.existing);
    const plan = planImport(rows, existing, undefined, { choices: new Map(request.choices) });
    send({
      type: "planned",
      id: request.id,
      counts: plan.counts,
      results: plan.results.map((result) => asPlanned(result)),
      priceBefore: plan.results.flatMap((result) => {
        const move = listPriceMove(result);
        return move ? [[result.row, move.old] as [number, number]] : [];
      }),
    });
  } catch {
    send({ type: "failed", during: "plan" });
  }
};
