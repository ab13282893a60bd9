import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { MessageSquarePlus, Send } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import {
  MESSAGE_MAX,
  type AnswerData,
  type ConversationSummary,
  type ProposalState,
  type StoredMessage,
} from "../schema";
import { readAnswerStream, readConversation } from "../stream";
import { AnswerCard } from "./answer-card";
import { ConversationList } from "./conversation-list";

type Props = {
  conversations: ConversationSummary[];
  current: { id: string; title: string; messages: StoredMessage[] } | null;
  canChangePrices: boolean;
  missing: boolean;
};

/**
 * A message on its way: the person's text (and its id once the server stored it), the answer as
 * it is written, or why it failed.
 */
type Pending = { text: string; storedId: string | null; reply: string; data: AnswerData | null; failed: string | null };

const EXAMPLES_STAFF = ["listHerbs", "raiseCategory", "setPrice", "history"] as const;
const EXAMPLES_CUSTOMER = ["listHerbs", "listFruits", "history"] as const;

/** The price assistant: a conversation, its answers streamed in, and the person's other conversations. */
export function AssistantScreen({ conversations, current, canChangePrices, missing }: Props) {
  const { t } = useTranslation("assistant");
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [messages, setMessages] = useState<StoredMessage[]>(current?.messages ?? []);
  const [conversationId, setConversationId] = useState<string | null>(current?.id ?? null);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const logEnd = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const sending = useRef<AbortController | null>(null);

  // Another conversation opened: show its messages. Only then: the loader's data is refreshed
  // after every answer, and must not wipe a message on its way. The address a new conversation
  // gets after its first answer is this same conversation: a message sent meanwhile stays.
  const currentId = current?.id ?? null;
  const [shownId, setShownId] = useState(currentId);
  const [switches, setSwitches] = useState(0);
  if (currentId !== shownId) {
    setShownId(currentId);
    if (currentId !== conversationId) {
      setMessages(current?.messages ?? []);
      setConversationId(currentId);
      setPending(null);
      setSwitches((n) => n + 1);
    }
  }
  // An answer on its way belongs to the conversation it was asked in: leaving that one drops it.
  useEffect(() => () => sending.current?.abort(), [switches]);

  useEffect(() => {
    logEnd.current?.scrollIntoView({ block: "end" });
  }, [messages.length, pending?.reply, pending?.data]);

  const busy = pending !== null && pending.failed === null;

  /** Sends a message, or with `replyTo` asks again for the answer to one already stored. */
  const send = async (text: string, replyTo?: string) => {
    const message = text.trim();
    if (!message || busy) return;
    const controller = new AbortController();
    sending.current = controller;
    setPending({ text: message, storedId: replyTo ?? null, reply: "", data: null, failed: null });
    if (!replyTo) setDraft("");
    const body = new URLSearchParams({ intent: "send", text: message });
    if (conversationId) body.set("conversationId", conversationId);
    if (replyTo) body.set("replyTo", replyTo);
    let opened = conversationId;
    let asked: StoredMessage | null = null;
    const outcome = await readAnswerStream(body, controller.signal, (event) => {
      if (controller.signal.aborted) return;
      if (event.type === "start" && replyTo) {
        opened = event.conversationId;
      } else if (event.type === "start") {
        opened = event.conversationId;
        // A message sent before this one's answer ends belongs to the same conversation.
        setConversationId(opened);
        asked = {
          id: event.userMessageId,
          role: "user",
          content: message,
          data: null,
          createdAt: new Date().toISOString(),
        };
      } else if (event.type === "text") {
        setPending((p) => (p ? { ...p, reply: p.reply + event.delta } : p));
      } else if (event.type === "data") {
        setPending((p) => (p ? { ...p, data: event.data } : p));
      } else if (event.type === "done") {
        const answered = event.message;
        setMessages((list) => [...list, ...(asked ? [asked] : []), answered]);
        setPending(null);
      }
    });
    if (controller.signal.aborted) return;
    if (outcome.ok) {
      if (opened !== conversationId) {
        setConversationId(opened);
        // The new conversation gets its own address, so a reload or another device resumes it.
        navigate(`/ai?c=${opened}`, { replace: true, preventScrollReset: true });
      } else {
        revalidator.revalidate();
      }
      input.current?.focus();
      return;
    }
    const storedId = (asked as StoredMessage | null)?.id ?? replyTo ?? null;
    // The answer may have been stored although its stream was cut: then it is shown, not asked again.
    const caughtUp = opened && storedId ? await readConversation(opened) : null;
    if (controller.signal.aborted) return;
    if (caughtUp && caughtUp.at(-1)?.role === "assistant" && caughtUp.some((m) => m.id === storedId)) {
      setMessages(caughtUp);
      setPending(null);
      if (opened !== conversationId) navigate(`/ai?c=${opened}`, { replace: true, preventScrollReset: true });
      return;
    }
    // Nothing typed is lost: a stored message stays in the conversation with a retry that answers
    // it; one the server never got goes back into the box, unless something new was typed there.
    if (asked) setMessages((list) => [...list, asked!]);
    if (opened && opened !== conversationId) setConversationId(opened);
    if (!storedId) setDraft((typed) => (typed.trim() === "" ? message : typed));
    setPending({ text: message, storedId, reply: "", data: null, failed: outcome.message ?? t("errors.network") });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(draft);
    }
  };

  // A settled proposal's card shows its new state, and what the assistant said of it follows.
  const settled = (added: StoredMessage[], proposalId: string, status: ProposalState) => {
    setMessages((list) => [
      ...list.map((m) =>
        m.data?.kind === "proposal" && m.data.proposalId === proposalId ? { ...m, data: { ...m.data, status } } : m,
      ),
      ...added,
    ]);
  };

  const examples = canChangePrices ? EXAMPLES_STAFF : EXAMPLES_CUSTOMER;
  const empty = messages.length === 0 && pending === null;

  return (
    <div className="site-container flex flex-col gap-6 py-8 md:flex-row">
      <ConversationList conversations={conversations} currentId={conversationId} />
      <section aria-labelledby="assistant-heading" className="flex min-w-0 flex-1 flex-col gap-4">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="assistant-heading" className="text-2xl font-bold tracking-tight">
            {current?.title ?? t("screen.title")}
          </h1>
          {conversationId ? (
            <Link
              to="/ai"
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-brand-100"
            >
              <MessageSquarePlus aria-hidden="true" className="size-4" />
              {t("screen.newConversation")}
            </Link>
          ) : null}
        </header>
        {missing ? <FormAlert>{t("errors.conversationNotFound")}</FormAlert> : null}

        {empty ? (
          <div className="space-y-3">
            <p className="text-slate-700 dark:text-slate-300">
              {canChangePrices ? t("screen.introStaff") : t("screen.introCustomer")}
            </p>
            <p className="text-sm font-medium">{t("screen.tryOne")}</p>
            <ul className="flex flex-wrap gap-2">
              {examples.map((key) => (
                <li key={key}>
                  <Button variant="outline" size="sm" onClick={() => void send(t(`examples.${key}`))}>
                    {t(`examples.${key}`)}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div role="log" aria-live="polite" aria-label={t("screen.conversation")} className="space-y-4">
          {messages.map((m) => (
            <MessageBubble key={m.id} role={m.role} text={m.content}>
              {m.data ? <AnswerCard data={m.data} onChoice={(text) => void send(text)} onSettled={settled} /> : null}
            </MessageBubble>
          ))}
          {pending ? (
            <>
              {pending.storedId ? null : <MessageBubble role="user" text={pending.text} />}
              {pending.failed === null ? (
                <MessageBubble role="assistant" text={pending.reply || t("screen.thinking")} busy={!pending.reply}>
                  {pending.data ? <AnswerCard data={pending.data} onChoice={() => {}} onSettled={() => {}} /> : null}
                </MessageBubble>
              ) : (
                <FormAlert>
                  <span>{pending.failed}</span>{" "}
                  <button
                    type="button"
                    className="font-semibold underline"
                    onClick={() => void send(pending.text, pending.storedId ?? undefined)}
                  >
                    {t("screen.retry")}
                  </button>
                </FormAlert>
              )}
            </>
          ) : null}
        </div>

        <form noValidate onSubmit={onSubmit} className="sticky bottom-0 space-y-1 bg-white py-2 dark:bg-slate-950">
          <label htmlFor="assistant-input" className="block text-sm font-medium">
            {t("screen.inputLabel")}
          </label>
          <div className="flex items-end gap-2">
            <textarea
              id="assistant-input"
              ref={input}
              rows={2}
              maxLength={MESSAGE_MAX}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={onKeyDown}
              placeholder={t("screen.placeholder")}
              aria-describedby="assistant-input-hint"
              className="block min-h-11 w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-slate-900"
            />
            <Button type="submit" disabled={busy || draft.trim() === ""} aria-label={t("screen.send")}>
              <Send aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">{t("screen.send")}</span>
            </Button>
          </div>
          <p id="assistant-input-hint" className="text-xs text-slate-600 dark:text-slate-400">
            {t("screen.keys")}
          </p>
        </form>
        {/* After the composer, which stays at the bottom of the screen: the newest answer shows above it. */}
        <div ref={logEnd} />
      </section>
    </div>
  );
}

function MessageBubble({
  role,
  text,
  busy = false,
  children,
}: {
  role: "user" | "assistant";
  text: string;
  busy?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("assistant");
  const mine = role === "user";
  return (
    <article
      aria-label={mine ? t("screen.you") : t("screen.assistant")}
      aria-busy={busy || undefined}
      className={cn("flex flex-col gap-2", mine ? "items-end" : "items-start")}
    >
      <p
        className={cn(
          "max-w-[85%] whitespace-pre-wrap rounded-lg px-3 py-2 [overflow-wrap:anywhere]",
          mine ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
        )}
      >
        {text}
      </p>
      {children ? <div className="w-full">{children}</div> : null}
    </article>
  );
}
