import { ChevronDown, Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, Link, NavLink, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { hasMailbox } from "~/lib/contact";
import { useRootData } from "~/lib/root-data";
import { LanguageToggle } from "./language-toggle";
import { MenuButton, menuItemClass } from "./menu-button";
import { publicNav, privateTopNav, visibleGroups, visibleItems, type NavItem } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";

/** The specification's navbar constants. */
export const NAVBAR = {
  heightRem: 4,
  maxWidthPx: 1024,
  openSeconds: 0.3,
  closeSeconds: 0.25,
  scrollDelayMs: 30,
  smallScreenPx: 700,
} as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800",
    isActive ? "text-brand-700 dark:text-brand-100" : "text-slate-700 dark:text-slate-200",
  );

function useHideOnScroll(menuOpen: boolean) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const navbarHeight = NAVBAR.heightRem * parseFloat(getComputedStyle(document.documentElement).fontSize || "16");
    const onScroll = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        const y = window.scrollY;
        setHidden(!menuOpen && y > last && y > navbarHeight);
        last = y;
      }, NAVBAR.scrollDelayMs);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      clearTimeout(timer);
    };
  }, [menuOpen]);
  return hidden;
}

/** The site's mark, the favicon's drawing: what the header shows of the company when its name does not fit. */
function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8 shrink-0">
      <circle cx="32" cy="32" r="30" fill="#2f7d32" />
      <path d="M32 14c-9 0-15 9-15 20s6 16 15 16 15-5 15-16-6-20-15-20z" fill="#a5d66b" />
      <circle cx="32" cy="36" r="7" fill="#7a4b1f" />
    </svg>
  );
}

/**
 * The mark and the company's name, home. The name is never cut short: where it does not fit beside
 * the mark it wraps onto a second line, which the link's fixed height hides, and the mark stands
 * alone. It is still the link's accessible name.
 */
function Brand({ to, name }: { to: string; name: string }) {
  return (
    <div className="flex min-w-8 flex-1 items-center">
      <Link
        to={to}
        className="flex h-10 min-w-0 flex-wrap content-start items-center gap-x-2 overflow-hidden font-bold text-brand-800 dark:text-brand-100"
      >
        <span className="flex h-10 items-center">
          <LogoMark />
        </span>
        <span className="whitespace-nowrap leading-10">{name}</span>
      </Link>
    </div>
  );
}

/**
 * Which width the links show inline from: the specification's 700px, unless the person has more
 * entries than fit beside the controls at that width (an admin's four links and three groups need
 * about 880px in Spanish); theirs stay in the menu below 1024px.
 */
function inlineFrom(entries: number) {
  return entries > 5
    ? { inline: "hidden lg:flex", collapsed: "lg:hidden" }
    : { inline: "hidden min-[700px]:flex", collapsed: "min-[700px]:hidden" };
}

function UserMenu() {
  const { t } = useTranslation("navigation");
  const root = useRootData();
  const user = root?.user;
  if (!user) return null;
  return (
    <MenuButton
      label={t("userMenu", { email: user.contact })}
      trigger={(hasMailbox(user.email) ? user.email : user.name).charAt(0)}
      triggerClassName="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold uppercase text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      menuClassName="min-w-56"
    >
      <div className="px-3 py-2">
        <p className="truncate font-medium text-slate-900 dark:text-slate-100">{user.contact}</p>
        <p className="text-slate-600 dark:text-slate-400">{t(`roles.${user.role}`)}</p>
      </div>
      <div role="separator" className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
      <Link to="/profile" role="menuitem" tabIndex={-1} className={menuItemClass}>
        {t("profile")}
      </Link>
      <Form noValidate method="post" action="/logout">
        <button type="submit" role="menuitem" tabIndex={-1} className={menuItemClass}>
          {t("signOut")}
        </button>
      </Form>
    </MenuButton>
  );
}

function GroupMenu({ label, items }: { label: string; items: NavItem[] }) {
  const { t } = useTranslation("navigation");
  return (
    <MenuButton
      align="start"
      // The group menus show from the small-screen breakpoint up, where the specification has
      // them open on hover as well.
      openOnHover
      trigger={
        <>
          {label}
          <ChevronDown aria-hidden="true" className="size-4" />
        </>
      }
      triggerClassName="flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      menuClassName="min-w-52"
    >
      {items.map((item) => (
        <Link key={item.to} to={item.to} role="menuitem" tabIndex={-1} className={menuItemClass}>
          {t(item.label)}
        </Link>
      ))}
    </MenuButton>
  );
}

export function Navbar() {
  const { t } = useTranslation("navigation");
  const root = useRootData();
  const user = root?.user ?? null;
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Kept mounted for the close animation's length after `open` turns false.
  const [closing, setClosing] = useState(false);
  const hidden = useHideOnScroll(open);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (wasOpen.current && !open) {
      setClosing(true);
      const timer = setTimeout(() => setClosing(false), NAVBAR.closeSeconds * 1000);
      wasOpen.current = open;
      return () => clearTimeout(timer);
    }
    wasOpen.current = open;
  }, [open]);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);

  // The menu closes when the navbar's width changes (rotation, resize).
  useEffect(() => {
    const el = navRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    let width = el.offsetWidth;
    const observer = new ResizeObserver(() => {
      if (el.offsetWidth !== width) {
        width = el.offsetWidth;
        setOpen(false);
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Escape closes the menu and hands the focus back to its button, unless a menu inside it took it.
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [open]);

  // Scroll is blocked while the menu is open.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  const topItems = user ? visibleItems(privateTopNav, user) : publicNav;
  const groups = user ? visibleGroups(user) : [];
  const breakpoint = inlineFrom(topItems.length + groups.length);

  return (
    <header
      ref={navRef}
      className={cn(
        "no-print sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur transition-transform duration-300 dark:border-slate-800 dark:bg-slate-950/95",
        hidden && "-translate-y-full",
      )}
    >
      <nav aria-label={t("mainLabel")} className="site-container flex h-16 items-center gap-2">
        <Brand to={user ? "/dashboard" : "/"} name={root?.site.name ?? ""} />
        <div className={cn("flex-none items-center gap-1", breakpoint.inline)}>
          {topItems.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === "/"} className={linkClass}>
              {t(item.label)}
            </NavLink>
          ))}
          {groups.map((g) => (
            <GroupMenu key={g.label} label={t(`groups.${g.label}`)} items={g.items} />
          ))}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <LanguageToggle />
          <ThemeToggle />
          {user ? (
            <UserMenu />
          ) : (
            <NavLink to="/login" className={cn(linkClass({ isActive: false }), "hidden min-[700px]:inline-flex")}>
              {t("login")}
            </NavLink>
          )}
          <button
            ref={toggleRef}
            type="button"
            className={cn(
              "inline-flex size-10 items-center justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800",
              breakpoint.collapsed,
            )}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
            <span className="sr-only">{open ? t("closeMenu") : t("openMenu")}</span>
          </button>
        </div>
      </nav>
      <div
        id="mobile-menu"
        hidden={!open && !closing}
        className={cn(
          "site-container max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 pb-4 dark:border-slate-800",
          breakpoint.collapsed,
        )}
        style={{
          animation: open
            ? `menu-open ${NAVBAR.openSeconds}s ease-out`
            : closing
              ? `menu-close ${NAVBAR.closeSeconds}s ease-in forwards`
              : undefined,
        }}
      >
        <ul className="flex flex-col gap-1 pt-2">
          {topItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
                {t(item.label)}
              </NavLink>
            </li>
          ))}
          {!user ? (
            <li>
              <NavLink to="/login" className={linkClass}>
                {t("login")}
              </NavLink>
            </li>
          ) : null}
        </ul>
        {groups.map((g) => (
          <div key={g.label} className="mt-3">
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
              {t(`groups.${g.label}`)}
            </p>
            <ul className="flex flex-col">
              {g.items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={linkClass}>
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </header>
  );
}
