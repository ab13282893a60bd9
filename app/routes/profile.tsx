import { replace } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { ProfileScreen } from "~/features/account/components/profile-screen";
import { withNetworkFallback } from "~/features/account/network";
import { runProfileAction } from "~/features/account/profile-actions.server";
import { loadProfilePage } from "~/features/account/profile.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/profile";
import { readForm } from "~/lib/read-form.server";
import { keepRetryAfter } from "~/lib/retry-after.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("profile.title", { ns: "account" }), noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "profile:view");
  const page = await loadProfilePage(user);
  if (!page) throw replace("/login");
  return page;
}

export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, context, "profile:view");
  return runProfileAction(user, await readForm(request), request, context);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withNetworkFallback(serverAction);
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileScreen page={loaderData} result={actionData} />;
}
