import { describe, it } from "vitest";
import { useBrowser } from "../../support/e2e";
import { combinations, scanPages } from "./matrix";

const { session } = useBrowser();

describe.each(combinations)("accessibility of the pages whose content depends on the role (%s, %s)", (lang, theme) => {
  it.each(["customer", "seller"] as const)("finds no serious or critical violation for a %s", async (role) => {
    const s = await session({ as: role, lang, theme });
    await scanPages(s, ["/dashboard", "/profile", "/pricesprivate", "/unauthorized"], theme);
  });
});
