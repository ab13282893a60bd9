import { describe, it } from "vitest";
import { useBrowser } from "../../support/e2e";
import { authPages, publicPages } from "../pages";
import { combinations, scanPages } from "./matrix";

const { session } = useBrowser();

describe.each(combinations)("accessibility of the public pages (%s, %s)", (lang, theme) => {
  it("finds no serious or critical violation on any page an anonymous visitor reaches", async () => {
    const s = await session({ lang, theme });
    s.allowConsole(/status of 404/);
    await scanPages(
      s,
      [...publicPages, ...authPages, "/reset-password?token=not-a-real-token", "/unauthorized", "/no-such-page"],
      theme,
    );
  });
});
