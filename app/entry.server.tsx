import { isbot } from "isbot";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce";
import { PageLanguageProvider } from "./components/page-language";
import { RequestIdProvider } from "./components/request-id";
import { langContext, requestInfoContext } from "./context";
import { anonymousTranslations } from "./i18n/bundle.server";
import { logger } from "./lib/logger.server";
import { isRenderTimeout, renderDocument } from "./lib/render-document.server";

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
  const userAgent = request.headers.get("user-agent");
  return renderDocument(
    <NonceProvider value={nonce}>
      <RequestIdProvider value={requestId}>
        <PageLanguageProvider value={{ lang, translations: anonymousTranslations(lang) }}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageLanguageProvider>
      </RequestIdProvider>
    </NonceProvider>,
    {
      nonce,
      requestId,
      url: request.url,
      status: responseStatusCode,
      headers: responseHeaders,
      waitForAll: Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode),
      // React Router's own streams of loader data end at streamTimeout; the render gets a second more.
      timeoutMs: streamTimeout + 1000,
    },
  );
}

/** Every server error is logged once with the request's id, which the error page also shows. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRenderTimeout(error)) return;
  const requestId = (context as RouterContextProvider).get(requestInfoContext).requestId;
  logger.error({ err: error, requestId, url: request.url }, "request failed");
};
