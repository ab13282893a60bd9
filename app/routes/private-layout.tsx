import { Outlet } from "react-router";
import { requireUser } from "~/auth/guards.server";
import type { Route } from "./+types/private-layout";

/** Signs anonymous visitors out to /login; each page's own loader still checks its permission. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export default function PrivateLayout() {
  return <Outlet />;
}
