import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from "react";
import { cn } from "~/lib/cn";

type MenuButtonProps = {
  /** What the trigger shows (an icon, a letter, a label). */
  trigger: ReactNode;
  /** The trigger's accessible name when its content is not text. */
  label?: string;
  triggerClassName: string;
  menuClassName?: string;
  align?: "start" | "end";
  /** Also opens while a mouse rests on it, and closes when it leaves (the wide navbar's groups). */
  openOnHover?: boolean;
  /** The items: elements with role menuitem or menuitemradio. Choosing one closes the menu. */
  children: ReactNode;
};

const itemSelector = '[role="menuitem"],[role="menuitemradio"]';
/** Long enough to cross the gap between the trigger and its menu without the menu closing. */
const HOVER_CLOSE_MS = 200;

/**
 * The WAI-ARIA menu button pattern in a few lines, so the navbar needs no menu library: the
 * trigger opens the menu (click, Enter, Space, arrows), arrows, Home and End move between items,
 * Escape closes it and returns focus, Tab or a click elsewhere closes it. Opened by the mouse
 * resting on it, it takes no focus and closes when the mouse leaves, unless it was clicked.
 */
export function MenuButton({
  trigger,
  label,
  triggerClassName,
  menuClassName,
  align = "end",
  openOnHover = false,
  children,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  // Which item takes focus when the menu opens: the checked one, the first or the last; none
  // when the mouse opened it.
  const [initialFocus, setInitialFocus] = useState<"first" | "last" | "none">("first");
  const hoverClose = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Whether the mouse opened the menu, known at once: a click may come before that render.
  const openedByHover = useRef(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? []);
  const close = (returnFocus = true) => {
    openedByHover.current = false;
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const all = items();
    const checked = all.find((el) => el.getAttribute("aria-checked") === "true");
    if (initialFocus !== "none") (initialFocus === "last" ? all[all.length - 1] : (checked ?? all[0]))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, initialFocus]);
  useEffect(() => () => clearTimeout(hoverClose.current), []);

  const hover = openOnHover
    ? {
        onPointerEnter: (event: ReactPointerEvent<HTMLDivElement>) => {
          if (event.pointerType !== "mouse") return;
          clearTimeout(hoverClose.current);
          if (open) return;
          openedByHover.current = true;
          setInitialFocus("none");
          setOpen(true);
        },
        onPointerLeave: (event: ReactPointerEvent<HTMLDivElement>) => {
          if (event.pointerType !== "mouse" || !openedByHover.current) return;
          hoverClose.current = setTimeout(() => close(false), HOVER_CLOSE_MS);
        },
      }
    : {};

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setInitialFocus(event.key === "ArrowUp" ? "last" : "first");
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") close(false);
    else if (event.key === " " && index >= 0 && all[index].tagName === "A") {
      // Links follow on Enter by themselves; a menu item also answers to Space.
      event.preventDefault();
      all[index].click();
    }
  };

  return (
    <div ref={rootRef} className="relative" {...hover}>
      <button
        ref={triggerRef}
        id={`${id}-trigger`}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        className={triggerClassName}
        onClick={() => {
          // A click on a menu the mouse opened keeps it open, now as a clicked one.
          const hovered = openedByHover.current;
          openedByHover.current = false;
          clearTimeout(hoverClose.current);
          setInitialFocus("first");
          setOpen((v) => hovered || !v);
        }}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={id}
          role="menu"
          aria-labelledby={`${id}-trigger`}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          onClick={(event) => {
            const item = (event.target as HTMLElement).closest(itemSelector);
            // A submit button stays mounted until its form is sent; the page changes anyway.
            if (item && !(item instanceof HTMLButtonElement && item.type === "submit")) close();
          }}
          className={cn(
            "absolute top-full z-50 mt-2 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900",
            align === "end" ? "right-0" : "left-0",
            menuClassName,
          )}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}

/** Classes of a menu item: highlighted while focused or hovered. */
export const menuItemClass =
  "flex w-full items-center gap-2 rounded px-3 py-2 text-left outline-none hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800";
