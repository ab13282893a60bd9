import { redirect } from "react-router";
import { getRequestInfo, requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { AssistantScreen } from "~/features/assistant/components/assistant-screen";
import {
  deleteConversation,
  findConversation,
  listConversations,
  renameConversation,
} from "~/features/assistant/conversations.server";
import { conversationActionSchema, isId } from "~/features/assistant/schema";
import { parseForm } from "~/lib/form-errors";
import { logger } from "~/lib/logger.server";
import { pageMeta, rootDataFrom, translatorFor } from "~/lib/meta";
import type { Route } from "./+types/ai";
import { readForm } from "~/lib/read-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(rootDataFrom(matches)?.lang ?? "en");
  return pageMeta(matches, { title: t("assistant", { ns: "navigation" }), noindex: true });
}

/** The person's conversations, and the one `?c=` opens (none: a new conversation). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, context, "assistant:use");
  const asked = new URL(request.url).searchParams.get("c");
  const [conversations, current] = await Promise.all([
    listConversations(user.id),
    isId(asked) ? findConversation(user.id, asked) : null,
  ]);
  return { conversations, current, canChangePrices: can(user, "prices:manage"), missing: Boolean(asked && !current) };
}

/** Renames or deletes one of the person's own conversations. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, context, "assistant:use");
  const parsed = parseForm(conversationActionSchema, Object.fromEntries(await readForm(request)));
  if (!parsed.ok) return { ok: false as const, error: parsed.message };
  const input = parsed.data;
  try {
    if (input.intent === "rename") {
      const done = await renameConversation(user.id, input.conversationId, input.title);
      return done ? { ok: true as const } : { ok: false as const, error: "errors.conversationNotFound" };
    }
    const done = await deleteConversation(user.id, input.conversationId);
    if (!done) return { ok: false as const, error: "errors.conversationNotFound" };
    const open = new URL(request.url).searchParams.get("c");
    return open === input.conversationId ? redirect("/ai") : { ok: true as const };
  } catch (error) {
    logger.error({ err: error, requestId: getRequestInfo(context).requestId }, "changing a conversation failed");
    return { ok: false as const, error: "errors.failed" };
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AssistantScreen {...loaderData} />;
}
