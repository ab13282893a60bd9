import { createReadableStreamFromReadable } from "@react-router/node";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { logger } from "./logger.server";
import { deferScriptsUntilPainted } from "./script-deferral.server";

export type DocumentOptions = {
  nonce: string;
  requestId: string;
  url: string;
  status: number;
  headers: Headers;
  /** Send nothing until everything has rendered (a crawler), rather than from the shell on. */
  waitForAll: boolean;
  /** How long the render may take before it is given up. */
  timeoutMs: number;
};

/** What a render given up answers: the error page says the page took too long (app/components/route-error.tsx). */
export const renderTimeoutBody = { renderTimeout: true } as const;
const renderTimeouts = new WeakSet<Response>();

/** Whether React Router's error hook is handed the answer of a render given up, already logged here. */
export function isRenderTimeout(error: unknown) {
  return error instanceof Response && renderTimeouts.has(error);
}

/**
 * Renders a document as a stream of HTML. A render not done within `timeoutMs` is given up
 * rather than left waiting: before its shell is ready, it is logged with the request's id and
 * answered with an error the error page reads as "this page took too long" (React Router then
 * renders the error page in its place, in the reader's language, with that id); after it,
 * the parts still waiting are logged with the id and the browser renders them itself.
 */
export function renderDocument(element: ReactNode, o: DocumentOptions) {
  const context = { requestId: o.requestId, url: o.url };
  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    let timedOut = false;
    let status = o.status;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
      timedOut = true;
      abort(new Error(`The page did not render within ${o.timeoutMs} ms.`));
    }, o.timeoutMs);
    const send = () => {
      // The page's JavaScript starts after its first paint: see lib/script-deferral.server.ts.
      const body = deferScriptsUntilPainted(o.nonce);
      body.once("finish", () => {
        clearTimeout(timeoutId);
        timeoutId = undefined;
      });
      o.headers.set("Content-Type", "text/html; charset=utf-8");
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: o.headers, status }));
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: o.nonce,
      // A Suspense boundary that has finished rendering stays in place in the HTML, however
      // large: React would otherwise move a big one (the signed-in products table) to the end
      // of the stream and reveal it with a script, and a visitor without JavaScript would see
      // only its fallback. Boundaries still loading stream as usual.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellReady = true;
        if (!o.waitForAll) send();
      },
      onAllReady() {
        if (!o.waitForAll) return;
        // Once a render is given up React calls this from within abort(), which must finish first.
        if (timedOut) setImmediate(send);
        else send();
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        if (!timedOut) return reject(error);
        logger.error({ ...context, timeoutMs: o.timeoutMs }, "the page did not render in time");
        const answer = Response.json(renderTimeoutBody, { status: 500 });
        renderTimeouts.add(answer);
        reject(answer);
      },
      onError(error: unknown) {
        status = 500;
        // An error in the shell is the shell's error, said once by onShellError.
        if (!shellReady) return;
        if (timedOut) logger.error({ ...context, timeoutMs: o.timeoutMs }, "part of the page did not render in time");
        else logger.error({ err: error, ...context }, "streaming render failed");
      },
    });
  });
}
