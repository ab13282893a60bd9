import { Fragment } from "react";
import { cn } from "~/lib/cn";
import { formatLine } from "../whatsapp-format";

/** The message as WhatsApp shows it: its bold, italic, struck and monospace runs, line by line. */
export function MessagePreview({ text }: { text: string }) {
  const lines = text.split("\n");
  return (
    <div className="rounded-lg bg-[#e7fbe0] p-3 text-sm leading-relaxed text-slate-900 shadow-sm dark:bg-[#144d37] dark:text-slate-50">
      <p className="break-words whitespace-pre-wrap">
        {lines.map((line, index) => (
          <Fragment key={index}>
            {formatLine(line).map((token, at) => (
              <span
                key={at}
                className={cn(
                  token.bold && "font-bold",
                  token.italic && "italic",
                  token.strike && "line-through",
                  token.mono && "font-mono",
                )}
              >
                {token.text}
              </span>
            ))}
            {index < lines.length - 1 ? "\n" : null}
          </Fragment>
        ))}
      </p>
    </div>
  );
}
