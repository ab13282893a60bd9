import { Outlet } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { RouteErrorPage } from "~/components/route-error";
import type { Route } from "./+types/private-layout";
import { readShellOnChange } from "~/lib/kept-data";

/** Signs anonymous visitors out to /login; each page's own loader still checks its permission. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export const shouldRevalidate = readShellOnChange;

export default function PrivateLayout() {
  return <Outlet />;
}

/**
 * A private page's error (a refused or failed form post, a list that does not exist) shows
 * inside the site's shell. Being below the root, it also keeps the root's data after a failed
 * action: the root boundary would render without it, in English and without translations.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
