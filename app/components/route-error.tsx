import { useTranslation } from "~/i18n/use-translation";
import { useEffect } from "react";
import { Link, isRouteErrorResponse } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { SEARCH_MAX } from "~/features/catalog/query";
import { cn } from "~/lib/cn";
import { UNAVAILABLE_RETRY_SECONDS } from "~/lib/unavailable";
import { useRequestId } from "./request-id";

/**
 * The message the site's own code put in an error answer, if any. Other bodies are React
 * Router's or the server's own English words for developers, and a thrown error's text may hold
 * internals: the page says the status in the reader's language instead.
 */
function messageOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const body = error.data as unknown;
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
  return null;
}

/** The answer of a page whose render was given up (app/lib/render-document.server.tsx). */
function isRenderTimeoutAnswer(body: unknown) {
  return typeof body === "object" && body !== null && "renderTimeout" in body && body.renderTimeout === true;
}

/** The statuses a visitor may meet, named in the reader's language rather than by HTTP's English. */
const statusNames = {
  400: "routeError.status.400",
  403: "routeError.status.403",
  404: "routeError.status.404",
  405: "routeError.status.405",
  413: "routeError.status.413",
  429: "routeError.status.429",
  500: "routeError.status.500",
  503: "routeError.status.503",
} as const;

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:no-underline dark:text-brand-100";

/**
 * The specification's route error page: status and text, a message, retry and home; and, since a
 * lost visitor is still a buyer, a search of the catalogue and the way to products and prices.
 * "Try again" is offered for errors only: reloading a missing page finds nothing more.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const requestId = useRequestId();
  const isResponse = isRouteErrorResponse(error);
  const status = isResponse ? error.status : null;
  const statusName =
    status !== null && status in statusNames ? t(statusNames[status as keyof typeof statusNames]) : null;
  const isServerFault = !isResponse || error.status >= 500;
  const missing = status === 404;
  const unavailable = status === 503;
  const tooSlow = isResponse && isRenderTimeoutAnswer(error.data);
  // Out of reach for a moment: the page tries again by itself (with GET, never a form sent twice).
  useEffect(() => {
    if (!unavailable) return;
    const retry = setTimeout(() => window.location.replace(window.location.href), UNAVAILABLE_RETRY_SECONDS * 1000);
    return () => clearTimeout(retry);
  }, [unavailable]);
  // Server faults show the generic message and the reference, never their internals.
  const message = missing
    ? t("routeError.notFound")
    : status === 403
      ? t("errors.forbidden")
      : unavailable
        ? t("routeError.unavailable")
        : tooSlow
          ? t("routeError.renderTimeout")
          : isServerFault
            ? null
            : (messageOf(error) ?? (status === 400 ? t("routeError.badRequest") : null));
  return (
    <div className="site-container flex flex-col items-start gap-4 py-8 *:max-w-xl">
      <title>{missing ? t("routeError.notFound") : (message ?? t("routeError.fallbackMessage"))}</title>
      <h1 className="text-3xl font-bold tracking-tight">
        {status ? [status, statusName].filter(Boolean).join(" ") : t("routeError.error")}
      </h1>
      <p className="text-lg text-slate-700 dark:text-slate-300">{message ?? t("routeError.fallbackMessage")}</p>
      {requestId && isServerFault && !unavailable ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("routeError.reference", { id: requestId })}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {missing ? null : <Button onClick={() => window.location.reload()}>{t("routeError.tryAgain")}</Button>}
        <Link to="/" className={cn("inline-flex h-10 items-center px-2 text-sm", linkClass)}>
          {t("routeError.backHome")}
        </Link>
      </div>
      <form noValidate method="get" action="/products" role="search" className="flex w-full flex-wrap items-end gap-2">
        <TextField
          label={t("routeError.searchLabel")}
          name="q"
          type="search"
          maxLength={SEARCH_MAX}
          autoComplete="off"
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary">
          {t("routeError.search")}
        </Button>
      </form>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/products" className={linkClass}>
          {t("routeError.products")}
        </Link>
        <Link to="/prices" className={linkClass}>
          {t("routeError.prices")}
        </Link>
      </p>
    </div>
  );
}
