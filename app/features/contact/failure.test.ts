import { describe, expect, it } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { failureOf } from "./failure";

describe("the contact form's failure variants", () => {
  it("blames the browser side when the request never got an answer or was refused", () => {
    expect(failureOf(new TypeError("Failed to fetch"))).toBe("client");
    expect(failureOf(new ErrorResponse(403, "Forbidden", null))).toBe("client");
    expect(failureOf(new ErrorResponse(413, "Payload Too Large", null))).toBe("client");
  });

  it("blames the server for a 5xx answer", () => {
    expect(failureOf(new ErrorResponse(500, "Internal Server Error", null))).toBe("server");
    expect(failureOf(new ErrorResponse(503, "Service Unavailable", null))).toBe("server");
  });

  it("calls anything else unknown", () => {
    expect(failureOf(new Error("Unexpected Server Error"))).toBe("unknown");
    expect(failureOf(new SyntaxError("Unexpected token"))).toBe("unknown");
    expect(failureOf("boom")).toBe("unknown");
    expect(failureOf(new ErrorResponse(302, "Found", null))).toBe("unknown");
  });
});
