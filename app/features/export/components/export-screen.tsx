import { useId, useRef, useState, type FormEvent } from "react";
import { Copy, MessageCircle, Send } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { FormAlert, SelectField } from "~/components/ui/field";
import { categories, orderedGroups, type CategoryGroup } from "~/features/catalog/categories";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { whatsappLink } from "../links";
import type { MessageOptions } from "../message";
import { FREE_TEXT_MAX, type ExportAnswer, type ExportListData } from "../schema";
import { answerOf, sendForm } from "~/lib/send-form";
import { MessagePreview } from "./message-preview";

/** One notice at a time: a newer one replaces the one before, and a generated message ends it. */
const notice = { id: "chat-export-notice" };

const DATA_PATH = "/exportlistswhatsapp/data";

type Props = {
  lists: Array<{ slug: string; name: string }>;
  listsFailed: boolean;
  initial: ExportListData | null;
};

type Generated = { parts: string[]; length: number; counts: { products: number; up: number; down: number } };

const groups: CategoryGroup[] = [...categories, "uncategorized"];

/** The options as the server reads them from a form. */
function optionsForm(intent: "save" | "generate", list: string, options: MessageOptions) {
  const body = new URLSearchParams({
    intent,
    list,
    lang: options.lang,
    greeting: options.greeting,
    closing: options.closing,
  });
  for (const group of options.categories ?? []) body.append("category", group);
  for (const flag of ["onlyAvailable", "showPack", "markChanges", "includeLink"] as const) {
    if (options[flag]) body.set(flag, "on");
  }
  return body;
}

/** Posts to the export's endpoint; no answer (offline, signed out, a server failure) is null. */
async function post(body: URLSearchParams): Promise<ExportAnswer | null> {
  return answerOf(await sendForm<ExportAnswer>(DATA_PATH, body));
}

/** The specification's chat-app export: choose a list, generate its message, copy or send it. */
export function ExportScreen({ lists, listsFailed, initial }: Props) {
  const { t, i18n } = useTranslation(["chat-export", "catalog", "navigation"]);
  const [data, setData] = useState<ExportListData | null>(initial);
  const [options, setOptions] = useState<MessageOptions | null>(initial?.options ?? null);
  const [listError, setListError] = useState<string | null>(null);
  const [loadingList, setLoadingList] = useState(false);
  const [busy, setBusy] = useState<"save" | "generate" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [phone, setPhone] = useState("");
  const formId = useId();
  const ordered = orderedGroups((g) => t(`categories.${g}`, { ns: "catalog" }), i18n.language).filter((g) =>
    groups.includes(g),
  );

  const chooseList = async (slug: string) => {
    setListError(null);
    setGenerated(null);
    setError(null);
    if (!slug) {
      setData(null);
      setOptions(null);
      return;
    }
    setLoadingList(true);
    try {
      const response = await fetch(`${DATA_PATH}?list=${encodeURIComponent(slug)}`, { credentials: "same-origin" });
      const body = (await response.json().catch(() => null)) as ExportAnswer | null;
      if (!response.ok || !body?.ok || body.kind !== "data") {
        setListError(t("screen.listsFailed"));
        return;
      }
      setData(body.data);
      setOptions(body.data.options);
      window.history.replaceState(window.history.state, "", `?list=${encodeURIComponent(slug)}`);
    } catch {
      setListError(t("screen.listsError"));
    } finally {
      setLoadingList(false);
    }
  };

  const submit = async (intent: "save" | "generate") => {
    setError(null);
    setFieldErrors({});
    if (!data || !options) {
      setError(t("errors.listRequired"));
      return;
    }
    if (options.categories?.length === 0) {
      setFieldErrors({ categories: t("errors.noCategories") });
      setError(t("errors.invalidOptions"));
      return;
    }
    setBusy(intent);
    if (intent === "generate") setGenerated(null);
    const body = await post(optionsForm(intent, data.list.slug, options));
    setBusy(null);
    if (!body) {
      setError(intent === "save" ? t("errors.saveFailed") : t("errors.generateFailed"));
      return;
    }
    if (!body.ok) {
      setError(body.message);
      setFieldErrors(body.fields ?? {});
      return;
    }
    if (body.kind === "saved") {
      toast.success(body.message, notice);
      return;
    }
    if (body.kind !== "message" || body.parts.length === 0 || body.parts.every((p) => p.trim() === "")) {
      setError(t("screen.noMessage"));
      return;
    }
    setGenerated({ parts: body.parts, length: body.length, counts: body.counts });
    toast.dismiss(notice.id);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit("generate");
  };

  const set = <K extends keyof MessageOptions>(key: K, value: MessageOptions[K]) =>
    setOptions((current) => (current ? { ...current, [key]: value } : current));

  // Every category is "all" (null), so lists that gain a category later include it; none is refused on generating.
  const toggleGroup = (group: CategoryGroup, on: boolean) => {
    if (!options) return;
    const current = options.categories ?? groups;
    const next = on ? [...new Set([...current, group])] : current.filter((g) => g !== group);
    set("categories", next.length === groups.length ? null : next);
  };

  return (
    <div className="site-container space-y-6 py-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("createWhatsappList", { ns: "navigation" })}</h1>
        <p className="max-w-2xl text-slate-700 dark:text-slate-300">{t("screen.intro")}</p>
      </header>

      {listsFailed ? <FormAlert>{t("screen.listsFailed")}</FormAlert> : null}
      {!listsFailed && lists.length === 0 ? <FormAlert tone="info">{t("screen.noLists")}</FormAlert> : null}

      {lists.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t("screen.list")}
            value={data?.list.slug ?? ""}
            onChange={(e) => void chooseList(e.currentTarget.value)}
            disabled={loadingList}
            className="min-w-56"
          >
            <option value="">{t("screen.chooseList")}</option>
            {lists.map((l) => (
              <option key={l.slug} value={l.slug}>
                {l.name}
              </option>
            ))}
          </SelectField>
          {loadingList ? (
            <p role="status" className="pb-2 text-sm text-slate-700 dark:text-slate-300">
              {t("screen.loadingList")}
            </p>
          ) : null}
          {data?.lastExport ? (
            <p className="pb-2 text-sm text-slate-700 dark:text-slate-300">
              {t("screen.lastExport")} <DateTime value={data.lastExport.at} />
              {data.lastExport.by ? ` · ${data.lastExport.by}` : ""}
            </p>
          ) : null}
        </div>
      ) : null}
      {listError ? <FormAlert>{listError}</FormAlert> : null}

      {options && data ? (
        <form
          noValidate
          id={formId}
          onSubmit={onSubmit}
          aria-label={t("screen.optionsLabel")}
          className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={t("screen.language")}
              value={options.lang}
              onChange={(e) => set("lang", e.currentTarget.value as MessageOptions["lang"])}
            >
              <option value="en">{t("screen.languages.en")}</option>
              <option value="es">{t("screen.languages.es")}</option>
            </SelectField>
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
                {t("screen.categories")}
              </legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {ordered.map((group) => (
                  <label key={group} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={options.categories === null || options.categories.includes(group)}
                      onChange={(e) => toggleGroup(group, e.currentTarget.checked)}
                    />
                    {t(`categories.${group}`, { ns: "catalog" })}
                  </label>
                ))}
              </div>
              {fieldErrors.categories ? (
                <p className="text-sm text-red-700 dark:text-red-400">{fieldErrors.categories}</p>
              ) : null}
            </fieldset>
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            {(["onlyAvailable", "showPack", "markChanges", "includeLink"] as const).map((flag) => (
              <label key={flag} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={options[flag]}
                  onChange={(e) => set(flag, e.currentTarget.checked)}
                />
                {t(`screen.flags.${flag}`)}
              </label>
            ))}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {(["greeting", "closing"] as const).map((field) => (
              <div key={field} className="space-y-1">
                <label htmlFor={`${formId}-${field}`} className="block text-sm font-medium">
                  {t(`screen.${field}`)}
                </label>
                <textarea
                  id={`${formId}-${field}`}
                  rows={2}
                  maxLength={FREE_TEXT_MAX}
                  value={options[field]}
                  onChange={(e) => set(field, e.currentTarget.value)}
                  placeholder={t(`screen.${field}Placeholder`)}
                  aria-invalid={fieldErrors[field] ? true : undefined}
                  aria-describedby={`${formId}-${field}-hint`}
                  className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
                />
                <p id={`${formId}-${field}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                  {fieldErrors[field] ?? t("screen.optional", { count: options[field].length, max: FREE_TEXT_MAX })}
                </p>
              </div>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy !== null}>
              <MessageCircle aria-hidden="true" className="size-4" />
              {busy === "generate" ? t("screen.generating") : t("screen.generate")}
            </Button>
            <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void submit("save")}>
              {t("screen.saveOptions")}
            </Button>
          </div>
        </form>
      ) : null}

      {lists.length > 0 && !data && !loadingList ? (
        <Button onClick={() => void submit("generate")}>
          <MessageCircle aria-hidden="true" className="size-4" />
          {t("screen.generate")}
        </Button>
      ) : null}

      {error ? <FormAlert>{error}</FormAlert> : null}

      <MessageParts generated={generated} customers={data?.customers ?? []} phone={phone} onPhone={setPhone} />
    </div>
  );
}

/** Copies a text; on refusal the text is selected on screen so the person copies it by hand. */
async function copyText(text: string, fallback: HTMLTextAreaElement | null) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (fallback) {
      fallback.hidden = false;
      fallback.focus();
      fallback.select();
    }
    return false;
  }
}

function MessageParts({
  generated,
  customers,
  phone,
  onPhone,
}: {
  generated: Generated | null;
  customers: ExportListData["customers"];
  phone: string;
  onPhone: (phone: string) => void;
}) {
  const { t } = useTranslation("chat-export");
  const manual = useRef<Record<number, HTMLTextAreaElement | null>>({});
  const whole = generated?.parts.join("\n\n") ?? "";
  // A message that quotes no price is only a title and a footer: nothing a buyer can order from.
  const empty = generated !== null && generated.counts.products === 0;

  const copy = async (text: string, index: number | "all") => {
    if (!generated) {
      toast.error(t("screen.generateFirst"), notice);
      return;
    }
    if (empty || text.trim() === "") {
      toast.error(t("screen.nothingToCopy"), notice);
      return;
    }
    const ok = await copyText(text, index === "all" ? manual.current[-1] : manual.current[index]);
    if (ok) toast.success(t("screen.copied"), notice);
    else toast.error(t("screen.copyFailed"), notice);
  };

  const send = async (text: string, index: number) => {
    if (empty) {
      toast.error(t("screen.nothingToCopy"), notice);
      return;
    }
    // A phone's own share sheet reaches WhatsApp and every other chat app.
    const touch = typeof window !== "undefined" && window.matchMedia("(pointer: coarse)").matches;
    if (touch && typeof navigator.share === "function" && !phone) {
      try {
        await navigator.share({ text });
        return;
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
      }
    }
    const link = whatsappLink(text, phone || null);
    if (link) {
      window.open(link, "_blank", "noopener,noreferrer");
      return;
    }
    // Too long for a link: copied, and the chat opened empty, to paste into.
    if (await copyText(text, manual.current[index])) toast.info(t("screen.tooLongCopied"), notice);
    else toast.error(t("screen.copyFailed"), notice);
    window.open(
      phone ? `https://wa.me/${phone.replace(/\D/g, "")}` : "https://wa.me/",
      "_blank",
      "noopener,noreferrer",
    );
  };

  return (
    <section aria-labelledby="message-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="message-heading" className="text-xl font-semibold">
          {t("screen.message")}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          {customers.length > 0 ? (
            <SelectField label={t("screen.sendTo")} value={phone} onChange={(e) => onPhone(e.currentTarget.value)}>
              <option value="">{t("screen.anyChat")}</option>
              {customers.map((c) => (
                <option key={c.id} value={c.phone}>
                  {c.name} ({c.phone})
                </option>
              ))}
            </SelectField>
          ) : null}
          <Button variant="outline" onClick={() => void copy(whole, "all")}>
            <Copy aria-hidden="true" className="size-4" />
            {generated && generated.parts.length > 1 ? t("screen.copyAll") : t("screen.copy")}
          </Button>
        </div>
      </div>
      <textarea
        ref={(el) => {
          manual.current[-1] = el;
        }}
        hidden
        readOnly
        value={whole}
        aria-label={t("screen.manualCopy")}
        className="h-40 w-full rounded-md border border-slate-300 p-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
      />
      {generated ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
            {t("screen.summary", {
              products: generated.counts.products,
              parts: generated.parts.length,
              length: generated.length,
            })}
          </p>
          {empty ? <FormAlert tone="info">{t("screen.noProducts")}</FormAlert> : null}
          <ol className="space-y-4">
            {generated.parts.map((part, index) => (
              <li key={index} className="space-y-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold">
                    {generated.parts.length > 1
                      ? t("screen.part", { n: index + 1, of: generated.parts.length, length: part.length })
                      : t("screen.length", { length: part.length })}
                  </h3>
                  <div className="flex gap-2">
                    {generated.parts.length > 1 ? (
                      <Button size="sm" variant="outline" onClick={() => void copy(part, index)}>
                        <Copy aria-hidden="true" className="size-4" />
                        {t("screen.copyPart", { n: index + 1 })}
                      </Button>
                    ) : null}
                    <Button size="sm" onClick={() => void send(part, index)}>
                      <Send aria-hidden="true" className="size-4" />
                      {generated.parts.length > 1 ? t("screen.sendPart", { n: index + 1 }) : t("screen.send")}
                    </Button>
                  </div>
                </div>
                <MessagePreview text={part} />
                <textarea
                  ref={(el) => {
                    manual.current[index] = el;
                  }}
                  hidden
                  readOnly
                  value={part}
                  aria-label={t("screen.manualCopy")}
                  className={cn(
                    "h-40 w-full rounded-md border border-slate-300 p-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-900",
                  )}
                />
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">{t("screen.noMessageYet")}</p>
      )}
    </section>
  );
}
