import { Monitor, Moon, Sun } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { applyTheme, isTheme, themeStorageKey, themes, type Theme } from "~/lib/theme";
import { useRootData } from "~/root";

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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t("theme.label", { theme: t(`theme.${theme}`) })}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Icon aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.RadioGroup
            value={theme}
            onValueChange={(value) => {
              if (!isTheme(value)) return;
              setTheme(value);
              applyTheme(value);
            }}
          >
            {themes.map((option) => {
              const OptionIcon = icons[option];
              return (
                <DropdownMenu.RadioItem
                  key={option}
                  value={option}
                  className="flex cursor-default items-center gap-2 rounded px-3 py-2 outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold dark:data-[highlighted]:bg-slate-800"
                >
                  <OptionIcon aria-hidden="true" className="size-4" />
                  {t(`theme.${option}`)}
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
