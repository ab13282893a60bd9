import { describe, it } from "vitest";
import { useBrowser } from "../../support/e2e";
import { allowedPages } from "../pages";
import { combinations, scanPages } from "./matrix";

const { session } = useBrowser();

describe.each(combinations)("accessibility of the private pages (%s, %s)", (lang, theme) => {
  it("finds no serious or critical violation on any page of the admin", async () => {
    const s = await session({ as: "admin", lang, theme });
    await scanPages(s, [...allowedPages("admin"), "/products", "/contact"], theme);
  });
});
