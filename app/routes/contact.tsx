import { useTranslation } from "~/i18n/use-translation";
import { data } from "react-router";
import { getLang, getRequestInfo } from "~/auth/guards.server";
import { consumeRateLimit } from "~/auth/rate-limit.server";
import { FormAlert, useFormFeedback } from "~/components/ui/field";
import { ButtonLink } from "~/components/ui/button";
import { ContactDetails } from "~/features/contact/components/contact-details";
import { ContactForm } from "~/features/contact/components/contact-form";
import { failureOf, type ContactActionData } from "~/features/contact/failure";
import { contactReasons, HONEYPOT_FIELD, type ContactReason } from "~/features/contact/fields";
import { contactValuesFrom, echoValues, validateContact } from "~/features/contact/schema";
import { submitContactRequest } from "~/features/contact/submit-contact.server";
import { logger } from "~/lib/logger.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/contact";
import { readForm } from "~/lib/read-form.server";
import { keepRetryAfter } from "~/lib/retry-after.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, {
    title: t("contact", { ns: "navigation" }),
    description: t("metaDescription", { ns: "contact" }),
  });
}

/** A link such as a product page's "ask about this product" may choose the reason. */
export function loader({ request }: Route.LoaderArgs) {
  const reason = new URL(request.url).searchParams.get("reason");
  return {
    defaultReason: (contactReasons as readonly string[]).includes(reason ?? "") ? (reason as ContactReason) : null,
  };
}

export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { clientIp, requestId } = getRequestInfo(context);
  const form = await readForm(request);
  // Only programs fill the field people cannot see: they are told it worked and nothing is kept.
  const trap = form.get(HONEYPOT_FIELD);
  if (trap !== null && trap !== "") return data<ContactActionData>({ ok: true });

  const values = contactValuesFrom(form);
  const validation = validateContact(values);
  if (!validation.ok) {
    return data<ContactActionData>(
      { ok: false, fieldErrors: validation.fieldErrors, values: echoValues(values) },
      { status: 400 },
    );
  }
  try {
    const limit = await consumeRateLimit("contact", clientIp);
    if (!limit.allowed) {
      return data<ContactActionData>(
        { ok: false, failure: "rateLimited", retryAfterSeconds: limit.retryAfterSeconds, values: echoValues(values) },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    await submitContactRequest(validation.data, { lang: getLang(context), clientIp });
  } catch (error) {
    logger.error({ err: error, requestId }, "saving a contact request failed");
    return data<ContactActionData>({ ok: false, failure: "server", values: echoValues(values) }, { status: 500 });
  }
  return data<ContactActionData>({ ok: true });
}

/**
 * Checks the form in the browser with the action's own schema before sending it; a failed send
 * becomes one of the failure messages instead of the error page. The schema is fetched when the
 * form is sent (the form asks for it early, on first focus), so it is not part of what the page
 * loads before anyone can use it. The error statuses keep React Router from reloading the page's
 * data after a refusal.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  let schema: typeof import("~/features/contact/schema");
  try {
    schema = await import("~/features/contact/schema");
  } catch {
    return data<ContactActionData>({ ok: false, failure: "client" }, { status: 503 });
  }
  const { contactValuesFrom, echoValues, validateContact } = schema;
  const values = contactValuesFrom(await request.clone().formData());
  const validation = validateContact(values);
  if (!validation.ok) {
    return data<ContactActionData>(
      { ok: false, fieldErrors: validation.fieldErrors, values: echoValues(values) },
      { status: 400 },
    );
  }
  try {
    return await serverAction();
  } catch (error) {
    return data<ContactActionData>(
      { ok: false, failure: failureOf(error), values: echoValues(values) },
      { status: 503 },
    );
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contact");
  const site = useRootData()?.site;
  const result = actionData as ContactActionData | undefined;
  const feedback = useFormFeedback<HTMLDivElement>(result);
  return (
    <div className="site-container space-y-8 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="max-w-2xl text-slate-700 dark:text-slate-300">{t("intro")}</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div ref={feedback}>
          {result?.ok ? (
            <div className="space-y-4">
              <FormAlert tone="success">
                <p className="font-semibold">{t("success.title")}</p>
                <p className="mt-1">{t("success.body")}</p>
              </FormAlert>
              <ButtonLink to="/contact" variant="outline">
                {t("success.another")}
              </ButtonLink>
            </div>
          ) : (
            <ContactForm result={result} phone={site?.phone ?? ""} defaultReason={loaderData.defaultReason} />
          )}
        </div>
        {site ? <ContactDetails site={site} /> : null}
      </div>
    </div>
  );
}
