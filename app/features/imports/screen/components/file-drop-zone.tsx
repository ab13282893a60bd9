import { FileUp } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { cn } from "~/lib/cn";
import { MAX_IMPORT_FILE_BYTES } from "../../engine/limits";
import { formatFileSize, useImportText } from "./use-import-text";

type Props = {
  file: File | null;
  error?: string | null;
  disabled?: boolean;
  onChoose: (file: File) => void;
};

function hasFiles(event: DragEvent) {
  return [...event.dataTransfer.types].includes("Files");
}

/**
 * The CSV file, by picker or drag and drop. The picker is a real file input (reached with Tab,
 * opened with Enter or Space, named by the field's label and described by the hint, the chosen
 * file and the error); the dashed zone around it is its label and the drop target.
 */
export function FileDropZone({ file, error, disabled = false, onChoose }: Props) {
  const { t, lang } = useImportText();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;

  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onChoose(dropped);
  };

  return (
    <div className="space-y-1">
      <span id={labelId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {t("screen.choose.file")}
      </span>
      <div
        data-testid="drop-zone"
        onDragEnter={(event) => {
          if (hasFiles(event)) setDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = disabled ? "none" : "copy";
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={cn(
          "relative rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600",
          dragging
            ? "border-brand-600 bg-brand-50 dark:bg-slate-800"
            : error
              ? "border-red-600 bg-white dark:bg-slate-900"
              : "border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900",
        )}
      >
        <input
          id={`${id}-input`}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          disabled={disabled}
          aria-labelledby={labelId}
          aria-describedby={[hintId, statusId, error ? errorId : null].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            // The same file chosen again after a change must still arrive.
            event.currentTarget.value = "";
            if (chosen) onChoose(chosen);
          }}
        />
        <label htmlFor={`${id}-input`} className="flex cursor-pointer flex-col items-center gap-2">
          <FileUp aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-100" />
          <span className="text-sm text-slate-800 dark:text-slate-200">
            {dragging ? (
              t("screen.choose.dropHere")
            ) : (
              <>
                {t("screen.choose.dropInstructions")}{" "}
                <span className="font-medium text-brand-800 underline underline-offset-2 dark:text-brand-100">
                  {t("screen.choose.chooseFile")}
                </span>
              </>
            )}
          </span>
        </label>
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {t("screen.choose.fileHint", { maxMb: Math.round(MAX_IMPORT_FILE_BYTES / (1024 * 1024)) })}
        </p>
        <p
          id={statusId}
          aria-live="polite"
          className="mt-2 text-sm font-medium break-all text-slate-900 dark:text-slate-100"
        >
          {file
            ? t("screen.choose.selected", { name: file.name, size: formatFileSize(file.size, lang) })
            : t("screen.errors.noFile")}
        </p>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
