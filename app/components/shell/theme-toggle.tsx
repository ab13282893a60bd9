import { Monitor, Moon, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "~/lib/cn";
import { applyTheme, isTheme, themeStorageKey, themes, type Theme } from "~/lib/theme";
import { useRootData } from "~/lib/root-data";
import { MenuButton, menuItemClass } from "./menu-button";

const icons = { light: Sun, dark: Moon, system: Monitor } as const;

export function ThemeToggle() {
  const { t } = useTranslation("navigation");
  const root = useRootData();
  const [theme, setTheme] = useState<Theme>(root?.theme ?? "system");

  useEffect(() => {
    const stored = localStorage.getItem(themeStorageKey);
    if (isTheme(stored)) setTheme(stored);
  }, []);

  useEffect(() => {
    if (theme !== "system") return;
    const media = matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyTheme("system");
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [theme]);

  const Icon = icons[theme];
  return (
    <MenuButton
      label={t("theme.label", { theme: t(`theme.${theme}`) })}
      trigger={<Icon aria-hidden="true" className="size-5" />}
      triggerClassName="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      menuClassName="min-w-40"
    >
      {themes.map((option) => {
        const OptionIcon = icons[option];
        return (
          <button
            key={option}
            type="button"
            role="menuitemradio"
            aria-checked={theme === option}
            tabIndex={-1}
            className={cn(menuItemClass, theme === option && "font-semibold")}
            onClick={() => {
              setTheme(option);
              applyTheme(option);
            }}
          >
            <OptionIcon aria-hidden="true" className="size-4" />
            {t(`theme.${option}`)}
          </button>
        );
      })}
    </MenuButton>
  );
}
