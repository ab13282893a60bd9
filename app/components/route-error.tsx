import { useTranslation } from "~/i18n/use-translation";
import { Link, isRouteErrorResponse } from "react-router";
import { Button } from "~/components/ui/button";
import { useRequestId } from "./request-id";

function messageOf(error: unknown): string | null {
  if (isRouteErrorResponse(error)) {
    const body = error.data as unknown;
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
    if (typeof body === "string" && body.length > 0 && body.length < 300) return body;
    return error.statusText || null;
  }
  if (error instanceof Error) return error.message || null;
  if (typeof error === "string") return error;
  return null;
}

/** The specification's route error page: status and text, a message, retry and home. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const requestId = useRequestId();
  const isResponse = isRouteErrorResponse(error);
  const status = isResponse ? error.status : null;
  const statusText = isResponse ? error.statusText : null;
  const isServerFault = !isResponse || error.status >= 500;
  // Server faults never show their internals: the message is the generic one and the reference.
  let message = isServerFault && !isResponse ? null : messageOf(error);
  if (status === 404) message = t("routeError.notFound");
  if (status === 403) message = t("errors.forbidden");
  if (message === "Unexpected Server Error") message = null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold">
        {status ? (
          <>
            {status}
            {statusText ? ` ${statusText}` : ""}
          </>
        ) : (
          t("routeError.error")
        )}
      </h1>
      <p className="text-lg text-slate-700 dark:text-slate-300">{message ?? t("routeError.fallbackMessage")}</p>
      {requestId && isServerFault ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("routeError.reference", { id: requestId })}</p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>{t("routeError.tryAgain")}</Button>
        <Link
          to="/"
          className="inline-flex h-10 items-center px-2 text-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-100"
        >
          {t("routeError.backHome")}
        </Link>
      </div>
    </div>
  );
}
