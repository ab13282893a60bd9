import { useTranslation } from "~/i18n/use-translation";
import { Form, data, redirect, replace, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { AuthPage } from "~/features/account/components/auth-page";
import { signOutUser } from "~/features/account/sign-out.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/logout";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("logout.title", { ns: "auth" }), noindex: true });
}

export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const result = await signOutUser(request);
  if (result.ok) return replace("/login", { headers: result.headers });
  return data({ signOutFailed: true }, { status: 500 });
}

/** Shown only when signing out failed: the person is still signed in and can try again. */
export default function Logout() {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  return (
    <AuthPage title={t("logout.title")}>
      <FormAlert>
        <p className="font-medium">{t("logout.failed")}</p>
        <p className="mt-1">{t("logout.stillSignedIn")}</p>
      </FormAlert>
      <Form noValidate method="post" action="/logout">
        <Button type="submit" className="w-full" disabled={busy}>
          {t("logout.retry")}
        </Button>
      </Form>
      <ButtonLink to="/dashboard" variant="outline" className="w-full">
        {t("logout.back")}
      </ButtonLink>
    </AuthPage>
  );
}
