import { describe, expect, it } from "vitest";
import {
  CONNECTION_ERROR,
  driveImportRun,
  NetworkError,
  SERVER_ERROR,
  type RunProgress,
  type Transport,
  type TransportResult,
} from "./run-client";
import type { RunRequest, StartRunRequest } from "./schema";

const RUN = "00000000-0000-4000-8000-000000000001";

const start: StartRunRequest = {
  intent: "start",
  list: "wholesale",
  fileName: "items.csv",
  format: {
    headers: ["Product/Service Name", "Sales Description", "Sales Price / Rate"],
    delimiter: ",",
    headerRecord: 0,
    headerLine: 1,
  },
  encoding: "utf-8",
  totalRows: 5,
  batchSize: 2,
  duplicates: [],
};

type Reply = TransportResult | "network";

/**
 * A fake server: answers "start" with three batches of two rows, each batch request with the
 * next reply scripted for that batch (default: applied), and "finish" with a warning.
 */
function fakeServer(
  script: { batch?: Record<number, Reply[]>; start?: Reply; finish?: Reply[]; failBatch?: Reply[] } = {},
) {
  const requests: RunRequest[] = [];
  const replies = {
    batch: structuredClone(script.batch ?? {}),
    finish: [...(script.finish ?? [])],
    failBatch: [...(script.failBatch ?? [])],
  };
  const reply = (r: Reply | undefined, fallback: TransportResult): TransportResult => {
    if (r === "network") throw new NetworkError();
    return r ?? fallback;
  };
  const transport: Transport = async (request) => {
    requests.push(request);
    switch (request.intent) {
      case "start":
        return reply(script.start, {
          status: 200,
          answer: { ok: true, intent: "start", runId: RUN, totalBatches: 3, batchSize: 2 },
        });
      case "batch":
        return reply(replies.batch[request.batch]?.shift(), {
          status: 200,
          answer: { ok: true, intent: "batch", status: "applied", batch: request.batch, attempt: request.attempt },
        });
      case "fail-batch":
        return reply(replies.failBatch.shift(), {
          status: 200,
          answer: { ok: true, intent: "fail-batch", status: "failed", batch: request.batch, attempt: 3 },
        });
      case "finish":
        return reply(replies.finish.shift(), {
          status: 200,
          answer: { ok: true, intent: "finish", runId: RUN, outcome: "warning" },
        });
    }
  };
  return { transport, requests };
}

const rowsOf = async (batch: number, size: number) =>
  Array.from({ length: batch === 3 ? 1 : size }, (_, i) => ({
    row: (batch - 1) * size + i + 1,
    line: (batch - 1) * size + i + 2,
    cells: [`ITEM ${i}`],
  }));

async function drive(server: ReturnType<typeof fakeServer>) {
  const progress: RunProgress[] = [];
  const waits: number[] = [];
  const result = await driveImportRun({
    start,
    transport: server.transport,
    rowsOf,
    onProgress: (p) => progress.push(p),
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const sent = server.requests.map((r) =>
    r.intent === "batch" ? `batch ${r.batch}/${r.attempt}` : r.intent === "fail-batch" ? `fail ${r.batch}` : r.intent,
  );
  return { result, progress, waits, sent };
}

const retry = (batch: number, attempt: number): TransportResult => ({
  status: 200,
  answer: { ok: true, intent: "batch", status: "retry", batch, attempt },
});

describe("driveImportRun", () => {
  it("starts, sends every batch once with its rows in order, and finishes", async () => {
    const server = fakeServer();
    const { result, sent, progress, waits } = await drive(server);
    expect(result).toEqual({ state: "finished", runId: RUN, outcome: "warning", failures: [] });
    expect(sent).toEqual(["start", "batch 1/1", "batch 2/1", "batch 3/1", "finish"]);
    const batch2 = server.requests[2] as Extract<RunRequest, { intent: "batch" }>;
    expect(batch2.rows.map((r) => r.row)).toEqual([3, 4]);
    expect(progress.map((p) => [p.batch, p.attempt, p.doneBatches])).toEqual([
      [1, 1, 0],
      [2, 1, 1],
      [3, 1, 2],
      [3, 1, 3],
    ]);
    expect(waits).toEqual([]);
  });

  it("tries a batch again after a network error or a retry answer, showing the attempt, with a growing pause", async () => {
    const { result, sent, progress, waits } = await drive(fakeServer({ batch: { 2: ["network", retry(2, 2)] } }));
    expect(result.state).toBe("finished");
    expect(result.failures).toEqual([]);
    expect(sent).toEqual(["start", "batch 1/1", "batch 2/1", "batch 2/2", "batch 2/3", "batch 3/1", "finish"]);
    expect(progress.filter((p) => p.batch === 2).map((p) => p.attempt)).toEqual([1, 2, 3]);
    expect(waits).toEqual([500, 1000]);
  });

  it("records a batch it could not deliver in three attempts as failed and goes on with the next", async () => {
    const { result, sent } = await drive(fakeServer({ batch: { 1: ["network", "network", "network"] } }));
    expect(sent).toEqual([
      "start",
      "batch 1/1",
      "batch 1/2",
      "batch 1/3",
      "fail 1",
      "batch 2/1",
      "batch 3/1",
      "finish",
    ]);
    expect(result).toMatchObject({ state: "finished", failures: [{ batch: 1, reason: "network" }] });
  });

  it("takes the server's word when it records a batch failed after its own attempts", async () => {
    const failed: TransportResult = {
      status: 200,
      answer: { ok: true, intent: "batch", status: "failed", batch: 3, attempt: 3 },
    };
    const { result, sent } = await drive(fakeServer({ batch: { 3: [retry(3, 1), retry(3, 2), failed] } }));
    expect(sent).toEqual(["start", "batch 1/1", "batch 2/1", "batch 3/1", "batch 3/2", "batch 3/3", "finish"]);
    expect(result.failures).toEqual([{ batch: 3, reason: "server" }]);
  });

  it("treats a server error without our answer (a proxy's 502) like a failed attempt", async () => {
    const { result, sent } = await drive(
      fakeServer({
        batch: {
          1: [
            { status: 502, answer: null },
            { status: 500, answer: { ok: false, error: "x" } },
          ],
        },
      }),
    );
    expect(sent.slice(0, 4)).toEqual(["start", "batch 1/1", "batch 1/2", "batch 1/3"]);
    expect(result).toMatchObject({ state: "finished", failures: [] });
  });

  it("stops at a refusal, keeping its message, and asks to sign in again when the session has gone", async () => {
    const gone: TransportResult = { status: 401, answer: { ok: false, error: "run.errors.notAuthenticated" } };
    const { result, sent } = await drive(fakeServer({ batch: { 2: [gone] } }));
    expect(sent).toEqual(["start", "batch 1/1", "batch 2/1"]);
    expect(result).toEqual({
      state: "stopped",
      runId: RUN,
      error: { key: "run.errors.notAuthenticated", values: {} },
      failures: [],
      signIn: true,
    });
  });

  it("does not start twice: a start that fails stops with the reason", async () => {
    const refused: TransportResult = { status: 400, answer: { ok: false, error: "run.errors.listRequired" } };
    expect((await drive(fakeServer({ start: refused }))).result).toMatchObject({
      state: "stopped",
      runId: null,
      error: { key: "run.errors.listRequired" },
    });
    const network = await drive(fakeServer({ start: "network" }));
    expect(network.sent).toEqual(["start"]);
    expect(network.result).toMatchObject({ state: "stopped", error: CONNECTION_ERROR });
    const crashed = await drive(fakeServer({ start: { status: 500, answer: null } }));
    expect(crashed.result).toMatchObject({ state: "stopped", error: SERVER_ERROR });
  });

  it("tries finishing three times, then says the server could not be reached", async () => {
    const { result, sent } = await drive(fakeServer({ finish: ["network", "network", "network"] }));
    expect(sent.filter((s) => s === "finish")).toHaveLength(3);
    expect(result).toMatchObject({ state: "stopped", runId: RUN, error: CONNECTION_ERROR });
  });

  it("stops at once when the page aborts it", async () => {
    const controller = new AbortController();
    const server = fakeServer();
    const run = driveImportRun({
      start,
      transport: async (request) => {
        const answer = await server.transport(request);
        if (request.intent === "batch") controller.abort();
        return answer;
      },
      rowsOf,
      signal: controller.signal,
      sleep: async () => {},
    });
    await expect(run).rejects.toThrow();
    expect(server.requests.map((r) => r.intent)).toEqual(["start", "batch"]);
  });
});
