import { data, replace } from "react-router";
import { getLang } from "~/auth/guards.server";
import type { SessionUser } from "~/context";
import { parseForm } from "~/lib/form-errors";
import { limits } from "./limits";
import { refuseWeakPassword } from "./password-strength.server";
import { normalizePhone } from "./phone";
import { changePassword, phoneView, sendPhoneCode, signOutEverywhere, verifyPhoneCode } from "./profile.server";
import { limitAttempt } from "./rate-limit.server";
import {
  accountMessage,
  changePasswordSchema,
  sendPhoneCodeSchema,
  verifyPhoneSchema,
  type AccountActionData,
} from "./schema";

const intents = ["change-password", "send-phone-code", "verify-phone", "sign-out-everywhere"] as const;
export type ProfileIntent = (typeof intents)[number];

function isIntent(value: unknown): value is ProfileIntent {
  return typeof value === "string" && (intents as readonly string[]).includes(value);
}

/** What the profile page's forms answer when they do not redirect; `intent` names the form. */
export type ProfileActionData = AccountActionData & { intent?: ProfileIntent };

type Ctx = Parameters<typeof getLang>[0];

const answer = (body: ProfileActionData, init?: ResponseInit) => data(body, init);

async function changeOwnPassword(user: SessionUser, form: FormData, request: Request, context: Ctx) {
  const intent = "change-password";
  const parsed = parseForm(changePasswordSchema, form, accountMessage);
  if (!parsed.ok) return answer({ intent, fieldErrors: parsed.fieldErrors }, { status: 400 });
  const weak = await refuseWeakPassword(parsed.data.password, getLang(context), [user.name, user.email]);
  if (weak) return answer({ intent, ...weak }, { status: 400 });
  const result = await changePassword(
    user.id,
    { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password },
    request,
  );
  if (!result.ok) return answer({ intent, fieldErrors: result.fieldErrors, formError: result.error }, { status: 400 });
  return answer({ intent, done: "password" }, { headers: result.headers });
}

async function sendCodeToNewPhone(user: SessionUser, form: FormData, request: Request, context: Ctx) {
  const intent = "send-phone-code";
  const limited = await limitAttempt("phone-code", context, { intent });
  if (limited) return limited;
  const parsed = parseForm(sendPhoneCodeSchema, form, accountMessage);
  if (!parsed.ok) return answer({ intent, fieldErrors: parsed.fieldErrors }, { status: 400 });
  const phone = parsed.data.phone;
  if (phone === user.phoneNumber)
    return answer({ intent, fieldErrors: { phone: "account:phone.sameNumber" } }, { status: 400 });
  // A number held by another account gets its code like any other, so this form never tells who
  // is registered; the code's owner learns it when verifying (verifyPhoneCode).
  const result = await sendPhoneCode(phone, request);
  if (!result.ok) return answer({ intent, formError: result.error }, { status: 400 });
  return answer({ intent, phoneCodeSentTo: phoneView(phone) });
}

async function verifyNewPhone(user: SessionUser, form: FormData, request: Request) {
  const intent = "verify-phone";
  const parsed = parseForm(verifyPhoneSchema, form, accountMessage);
  if (!parsed.ok) {
    // The code form stays open for the number it was sent to.
    const phone = normalizePhone(String(form.get("phone") ?? "").slice(0, limits.phone));
    return answer(
      { intent, fieldErrors: parsed.fieldErrors, phoneCodeSentTo: phone ? phoneView(phone) : undefined },
      { status: 400 },
    );
  }
  const { phone, code } = parsed.data;
  const result = await verifyPhoneCode(user.id, { phoneNumber: phone, code, previous: user.phoneNumber }, request);
  if (!result.ok) {
    return answer(
      { intent, fieldErrors: result.fieldErrors, formError: result.error, phoneCodeSentTo: phoneView(phone) },
      { status: 400 },
    );
  }
  return answer({ intent, done: "phone" });
}

async function signOutOfEverySession(user: SessionUser, request: Request) {
  const result = await signOutEverywhere(user.id, request);
  if (!result.ok) return answer({ intent: "sign-out-everywhere", formError: result.error }, { status: 400 });
  return replace("/login?notice=signed-out-everywhere", { headers: result.headers });
}

/** One of the profile page's forms: checked, done and answered, or signed out everywhere and sent to sign in. */
export async function runProfileAction(user: SessionUser, form: FormData, request: Request, context: Ctx) {
  const intent = form.get("intent");
  if (!isIntent(intent)) return answer({ formError: { key: "auth:form.invalidValue" } }, { status: 400 });
  switch (intent) {
    case "change-password":
      return changeOwnPassword(user, form, request, context);
    case "send-phone-code":
      return sendCodeToNewPhone(user, form, request, context);
    case "verify-phone":
      return verifyNewPhone(user, form, request);
    case "sign-out-everywhere":
      return signOutOfEverySession(user, request);
  }
}
