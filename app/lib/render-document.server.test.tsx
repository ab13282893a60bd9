import { Suspense, use } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "./logger.server";
import { isRenderTimeout, renderDocument, renderTimeoutBody } from "./render-document.server";

// A part of a page that never finishes: what a render that cannot be done in time looks like.
const never = new Promise<never>(() => {});
function Never(): null {
  use(never);
  return null;
}

const options = (requestId: string) => ({
  nonce: "n",
  requestId,
  url: "http://localhost/slow",
  status: 200,
  headers: new Headers(),
  waitForAll: false,
  timeoutMs: 50,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("rendering a document", () => {
  it("renders a page", async () => {
    const response = await renderDocument(<p>Prices</p>, options("r-0"));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<p>Prices</p>");
  });

  it("gives up a page whose shell cannot render in time: logged with its request's id, answered as too slow", async () => {
    const log = vi.spyOn(logger, "error");
    const failure = await renderDocument(<Never />, options("r-1")).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isRenderTimeout(failure)).toBe(true);
    const answer = failure as Response;
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual(renderTimeoutBody);
    expect(log).toHaveBeenCalledWith(
      expect.objectContaining({ requestId: "r-1", url: "http://localhost/slow" }),
      "the page did not render in time",
    );
  });

  it("ends a page whose part cannot render in time, and logs it with the request's id", async () => {
    const log = vi.spyOn(logger, "error");
    for (const waitForAll of [false, true]) {
      const response = await renderDocument(
        <div>
          <p>Ready</p>
          <Suspense fallback={<p>Loading</p>}>
            <Never />
          </Suspense>
        </div>,
        { ...options(`r-${waitForAll}`), waitForAll },
      );
      // The stream ends rather than waits: the browser renders the part itself.
      expect(await response.text()).toContain("<p>Ready</p>");
      expect(log).toHaveBeenCalledWith(
        expect.objectContaining({ requestId: `r-${waitForAll}` }),
        "part of the page did not render in time",
      );
    }
  });
});
