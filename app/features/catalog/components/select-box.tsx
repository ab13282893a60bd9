/** Products ticked (for printing), by slug, how to tick or untick some, and the boxes' names. */
export type RowSelection = {
  selected: ReadonlySet<string>;
  toggle: (slugs: string[], on: boolean) => void;
  /** The accessible names of the boxes, in the reader's language. */
  labels: { row: (name: string) => string; group: (group: string) => string; column: string };
};

const boxClass = "size-5 shrink-0 accent-brand-700";

/** One product's box. */
export function SelectBox({ selection, slug, name }: { selection: RowSelection; slug: string; name: string }) {
  return (
    <input
      type="checkbox"
      className={boxClass}
      aria-label={selection.labels.row(name)}
      checked={selection.selected.has(slug)}
      onChange={(e) => selection.toggle([slug], e.currentTarget.checked)}
    />
  );
}

/** A group's box: ticked when all of it is, half when some. */
export function SelectGroupBox({
  selection,
  slugs,
  title,
}: {
  selection: RowSelection;
  slugs: string[];
  title: string;
}) {
  const ticked = slugs.filter((slug) => selection.selected.has(slug)).length;
  return (
    <input
      type="checkbox"
      className={boxClass}
      aria-label={selection.labels.group(title)}
      checked={ticked === slugs.length}
      ref={(box) => {
        if (box) box.indeterminate = ticked > 0 && ticked < slugs.length;
      }}
      onChange={(e) => selection.toggle(slugs, e.currentTarget.checked)}
    />
  );
}
