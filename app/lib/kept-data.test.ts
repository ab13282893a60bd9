// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { serverDataOrShown, useShownData } from "./kept-data";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Page({ data }: { data: unknown }) {
  useShownData(data);
  return null;
}

/** A page of this address rendered with `data`, as the router would render it. */
function showPage(path: string, data: unknown) {
  history.replaceState(null, "", path);
  const root = createRoot(document.createElement("div"));
  act(() => root.render(createElement(Page, { data })));
  return () => act(() => root.unmount());
}

const failing = (error: unknown) => () => Promise.reject(error);
const request = (path: string) => new Request(new URL(path, location.origin));

describe("serverDataOrShown", () => {
  it("gives the page's data back when reading it again fails for a passing reason", async () => {
    const close = showPage("/prices-manage/wholesale", { prices: 1 });
    const page = request("/prices-manage/wholesale");
    expect(await serverDataOrShown(page, () => Promise.resolve({ prices: 2 }))).toEqual({ prices: 2 });
    // No connection, and a loader that failed on the server (a plain error in the browser).
    expect(await serverDataOrShown(page, failing(new TypeError("Failed to fetch")))).toEqual({ prices: 1 });
    expect(await serverDataOrShown(page, failing(new Error("Unexpected Server Error")))).toEqual({ prices: 1 });
    close();
  });

  it("lets a redirect, a refusal and another address's failure through", async () => {
    const close = showPage("/products/manage?q=mango", { rows: 1 });
    const page = request("/products/manage?q=mango");
    const signedOut = redirect("/login");
    await expect(serverDataOrShown(page, failing(signedOut))).rejects.toBe(signedOut);
    const missing = { status: 404, statusText: "Not Found", internal: false, data: null };
    await expect(serverDataOrShown(page, failing(missing))).rejects.toBe(missing);
    const other = new TypeError("Failed to fetch");
    await expect(serverDataOrShown(request("/products/manage?q=lime"), failing(other))).rejects.toBe(other);
    close();
  });
});
