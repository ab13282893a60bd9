import { redirectSignedIn } from "~/auth/guards.server";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  return null;
}

export default function Page() {
  return null;
}
