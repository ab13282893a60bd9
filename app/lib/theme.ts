export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
/** The specification's storage key; a cookie mirrors it so the server renders the right theme. */
export const themeStorageKey = "vite-ui-theme";
export const themeCookie = "theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (themes as readonly string[]).includes(value);
}

/** Runs before paint: resolves "system" and mirrors local storage into the cookie. */
export const themeScript = `(function(){try{var k="${themeStorageKey}",s=localStorage.getItem(k),m=document.cookie.match(/(?:^|; )${themeCookie}=(\\w+)/),t=s||(m&&m[1])||"system";if(t!=="light"&&t!=="dark")t="system";var d=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches),e=document.documentElement;e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light";if(!m||m[1]!==t)document.cookie="${themeCookie}="+t+";path=/;max-age=31536000;samesite=lax"}catch(x){}})()`;

export function applyTheme(theme: Theme) {
  localStorage.setItem(themeStorageKey, theme);
  document.cookie = `${themeCookie}=${theme};path=/;max-age=31536000;samesite=lax`;
  const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}
