import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import type { LiveState } from "./use-live-list";

const dot: Record<LiveState, string> = {
  connecting: "bg-amber-500",
  live: "bg-emerald-600",
  reconnecting: "bg-red-600",
};

/** The connection's state in words, announced politely when it changes. */
export function LiveStatus({ state, changes }: { state: LiveState; changes: number }) {
  const { t } = useTranslation("prices");
  return (
    <p role="status" data-live-state={state} data-changes={changes} className="flex items-center gap-2 text-sm">
      <span aria-hidden="true" className={cn("inline-block size-2.5 rounded-full", dot[state])} />
      <span className="text-slate-700 dark:text-slate-300">{t(`live.${state}`)}</span>
    </p>
  );
}
