import { countsLineText } from "../../engine/messages";
import type { ImportCounts } from "../../engine/plan/counts";
import { useImportText } from "./use-import-text";

/** "69 rows = 40 new + 8 linked + …": the preview's and the result's counts, said the same way. */
export function CountsLine({ counts }: { counts: ImportCounts }) {
  const { text } = useImportText();
  return (
    <p className="font-medium tabular-nums" data-testid="counts-line">
      {countsLineText(counts, text)}
    </p>
  );
}
