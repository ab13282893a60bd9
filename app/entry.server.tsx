import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce";
import { PageLanguageProvider } from "./components/page-language";
import { RequestIdProvider } from "./components/request-id";
import { langContext, requestInfoContext } from "./context";
import { anonymousTranslations } from "./i18n/bundle.server";
import { logger } from "./lib/logger.server";
import { deferScriptsUntilPainted } from "./lib/script-deferral.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, requestId } = loadContext.get(requestInfoContext);
  const lang = loadContext.get(langContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={requestId}>
          <PageLanguageProvider value={{ lang, translations: anonymousTranslations(lang) }}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </PageLanguageProvider>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary that has finished rendering stays in place in the HTML, however
        // large: React would otherwise move a big one (the signed-in products table) to the end
        // of the stream and reveal it with a script, and a visitor without JavaScript would see
        // only its fallback. Boundaries still loading stream as usual.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // The page's JavaScript starts after its first paint: see lib/script-deferral.server.ts.
          const body = deferScriptsUntilPainted(nonce);
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

/** Every server error is logged once with the request's id, which the error page also shows. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const requestId = (context as RouterContextProvider).get(requestInfoContext).requestId;
  logger.error({ err: error, requestId, url: request.url }, "request failed");
};
