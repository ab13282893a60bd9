import { getLang, getRequestInfo, requirePermission } from "~/auth/guards.server";
import { findConversation } from "~/features/assistant/conversations.server";
import { can } from "~/auth/permissions";
import { answerMessage, assistantText, settle } from "~/features/assistant/respond.server";
import { isId, messageRequestSchema, type SettleAnswer, type StreamEvent } from "~/features/assistant/schema";
import { parseForm } from "~/lib/form-errors";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/ai-messages";

function refuse(message: string, status: number) {
  return Response.json({ ok: false, message } satisfies SettleAnswer, { status });
}

/**
 * GET `?c=`: one of the person's conversations with its messages, as JSON: how the screen catches
 * up after a connection dropped while an answer was on its way.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const person = requirePermission(request, context, "assistant:use");
  const id = new URL(request.url).searchParams.get("c") ?? "";
  const conversation = isId(id) ? await findConversation(person.id, id) : null;
  return Response.json({ ok: true, conversation });
}

/**
 * POST `send`: the person's message, answered as a stream of JSON lines (schema.ts StreamEvent).
 * POST `confirm`, `cancel`, `undo`: a proposal's fate, answered as JSON. Every refusal is said in
 * the person's language and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const person = requirePermission(request, context, "assistant:use");
  const lang = getLang(context);
  const t = (key: string) => assistantText(lang, key);
  const { requestId } = getRequestInfo(context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(t("errors.invalid"), 400);
  }
  const parsed = parseForm(messageRequestSchema, Object.fromEntries(form), t);
  if (!parsed.ok) return refuse(parsed.message, 400);
  const input = parsed.data;

  if (input.intent !== "send") {
    // Only staff change prices: a customer's proposal cannot exist, and this says so before looking.
    if (!can(person, "prices:manage")) return refuse(t("errors.forbidden"), 403);
    try {
      const { outcome, messages } = await settle(person, input.proposalId, input.intent, lang);
      if (outcome.kind === "not_found") return refuse(t("errors.proposalNotFound"), 404);
      return Response.json({
        ok: true,
        proposalId: outcome.proposal.id,
        status: outcome.proposal.status,
        messages,
      } satisfies SettleAnswer);
    } catch (error) {
      logger.error({ err: error, requestId, intent: input.intent }, "settling an assistant proposal failed");
      return refuse(t("errors.failed"), 500);
    }
  }

  const encoder = new TextEncoder();
  // The answer is worked out and stored whether or not the browser is still there to read it.
  let gone = false;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const emit = (event: StreamEvent) => {
        if (!gone) controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      };
      try {
        await answerMessage(person, input, lang, emit);
      } catch (error) {
        logger.error({ err: error, requestId }, "answering an assistant message failed");
        emit({ type: "error", message: t("errors.failed") });
      }
      if (!gone) controller.close();
    },
    cancel() {
      gone = true;
    },
  });
  // no-transform keeps compression from holding the lines back until the answer ends.
  return new Response(stream, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store, no-transform" },
  });
}
