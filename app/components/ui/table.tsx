import { createContext, use, type ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * The data tables' parts: plain table elements with the look they share (a frame, a header band,
 * lines between rows, the cells' padding, amounts right-aligned in figures of one width). A
 * className adds to these classes and cannot replace one (`cn` only joins), so where tables differ
 * in them it is a prop: `density`, `numeric`, a caption's `visible`.
 */

/** "compact" is for rows of inputs, which bring their own padding. */
type Density = "normal" | "compact";

const DensityContext = createContext<Density>("normal");
/** Whether the rows turn into cards below the md width (see Table's `cards`). */
const CardsContext = createContext(false);

const padding: Record<Density, { head: string; cell: string }> = {
  normal: { head: "px-3 py-2", cell: "px-3 py-2" },
  compact: { head: "px-2 py-2", cell: "px-2 py-1" },
};

/**
 * A table in its frame, which scrolls sideways when the table is wider than the screen. With a
 * label the frame is also a region the keyboard can reach, so a table wider than a phone can be
 * scrolled without a pointer. Other props are the table's.
 *
 * With `cards`, below the md width each row is a card instead: the column headings are read aloud
 * only, the cells stack two to a line, each under its column's name (a cell's `label`), and a cell
 * with `wide` takes the whole line. Explicit roles keep the table's meaning for assistive
 * technology when the display changes; rows are then TableRow.
 */
export function Table({
  density = "normal",
  label,
  cards = false,
  className,
  ...props
}: ComponentProps<"table"> & { density?: Density; label?: string; cards?: boolean }) {
  const region = label ? { role: "region", "aria-label": label, tabIndex: 0 } : {};
  return (
    <div
      {...region}
      className={cn(
        "overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800",
        label && "focus-visible:outline-2 focus-visible:outline-brand-600",
      )}
    >
      <DensityContext value={density}>
        <CardsContext value={cards}>
          <table
            role={cards ? "table" : undefined}
            className={cn("w-full text-left text-sm", cards && "max-md:block", className)}
            {...props}
          />
        </CardsContext>
      </DensityContext>
    </div>
  );
}

/** The table's name; read aloud only, unless the table has no heading of its own to show. */
export function TableCaption({
  visible = false,
  className,
  ...props
}: ComponentProps<"caption"> & { visible?: boolean }) {
  // In a table of cards the table is a block, and a caption left as one would shrink to its longest word.
  const cards = use(CardsContext);
  return (
    <caption
      className={cn(visible ? cn("px-3 py-2 text-left font-medium", cards && "max-md:block") : "sr-only", className)}
      {...props}
    />
  );
}

// Half-transparent in the dark, so the band shows on the page and in a dialog alike.
export function TableHead({ className, ...props }: ComponentProps<"thead">) {
  const cards = use(CardsContext);
  return (
    <thead
      role={cards ? "rowgroup" : undefined}
      className={cn(
        "bg-slate-50 text-slate-700 dark:bg-slate-800/50 dark:text-slate-300",
        cards && "max-md:sr-only",
        className,
      )}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  const cards = use(CardsContext);
  return (
    <tbody
      role={cards ? "rowgroup" : undefined}
      className={cn("divide-y divide-slate-200 dark:divide-slate-800", cards && "max-md:block", className)}
      {...props}
    />
  );
}

/** A row; in a table of cards, a card below the md width. */
export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  const cards = use(CardsContext);
  return (
    <tr
      role={cards ? "row" : undefined}
      className={cn(cards && "max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:py-2", className)}
      {...props}
    />
  );
}

/**
 * A grid's row tints, opaque so that a column kept in view when the table scrolls sideways
 * (`stickyCell`, which takes its row's colour) hides the cells passing under it.
 */
export const rowTint = {
  plain: "bg-white dark:bg-slate-950",
  edited: "bg-amber-50 dark:bg-[color-mix(in_oklab,var(--color-amber-950)_40%,var(--color-slate-950))]",
  muted: "bg-slate-50 dark:bg-[color-mix(in_oklab,var(--color-slate-900)_60%,var(--color-slate-950))]",
} as const;

/** A column kept in view when its table scrolls sideways: a body cell, or its heading. */
export const stickyCell = "sticky left-0 z-10 bg-inherit";
export const stickyHeadCell = "sticky left-0 z-10 bg-slate-50 dark:bg-slate-900";

type CardCellProps = {
  /**
   * The column's name, shown above the cell where its row is a card (drawn by app.css from
   * data-card-label, so it adds no text to the cell's own).
   */
  label?: string;
  /** Takes the card's whole width. */
  wide?: boolean;
};

const cardCell = (wide: boolean) => cn("max-md:py-1", wide && "max-md:col-span-2");

type CellOptions = { numeric?: boolean; density?: Density };

/**
 * A body cell's classes, or a row header's, for a plain element: a table of thousands of rows (a
 * whole price list) renders its cells without a component each. A component per cell took the
 * server rendering of a 2,000-item list from 9 ms to 16 ms.
 */
export function tableCellClasses({ numeric = false, density = "normal" }: CellOptions = {}, className?: string) {
  return cn(padding[density].cell, numeric && "text-right tabular-nums", className);
}

/**
 * A column's header, or with scope="row" a row's. A row's header sets its own weight: some tables
 * make their first column bold, others emphasise only part of it.
 */
export function TableHeaderCell({
  scope = "col",
  numeric = false,
  label,
  wide = false,
  className,
  ...props
}: ComponentProps<"th"> & { numeric?: boolean } & CardCellProps) {
  const density = use(DensityContext);
  const cards = use(CardsContext);
  const isColumn = scope === "col";
  return (
    <th
      scope={scope}
      role={cards ? (isColumn ? "columnheader" : "rowheader") : undefined}
      data-card-label={cards && !isColumn ? label : undefined}
      className={
        isColumn
          ? cn(padding[density].head, "font-medium", numeric && "text-right", className)
          : tableCellClasses(
              { numeric, density },
              cn(cards && cardCell(wide), cards && numeric && "max-md:text-left", className),
            )
      }
      {...props}
    />
  );
}

export function TableCell({
  numeric = false,
  label,
  wide = false,
  className,
  ...props
}: ComponentProps<"td"> & { numeric?: boolean } & CardCellProps) {
  const cards = use(CardsContext);
  return (
    <td
      role={cards ? "cell" : undefined}
      data-card-label={cards ? label : undefined}
      className={tableCellClasses(
        { numeric, density: use(DensityContext) },
        cn(cards && cardCell(wide), cards && numeric && "max-md:text-left", className),
      )}
      {...props}
    />
  );
}
