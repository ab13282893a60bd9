import type { Described } from "../engine/messages";
import { MAX_BATCH_ATTEMPTS, type ImportOutcome } from "../run/run-messages";
import type { BatchRow, RunAnswer, RunRequest, StartRunRequest } from "./schema";

/**
 * The import screen's side of an interactive run (docs/decisions/016-import-screen-runs.md;
 * the run's batches): start the run, send the file's rows a batch at a time, try a batch
 * whose request fails up to MAX_BATCH_ATTEMPTS times with a short pause between, record a batch it
 * could not deliver as failed and go on with the next, then finish the run. Universal and free of
 * React, so its decisions are unit-tested with a fake transport; the screen gives it `fetch` and
 * the Web Worker's rows.
 */

/** The request could not be made or answered at all (offline, connection reset, aborted by a proxy). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super("network error", { cause });
  }
}

/** What one request got back: its HTTP status and, when the body was ours, the answer. */
export type TransportResult = { status: number; answer: RunAnswer | null };

/** Sends one request; throws NetworkError when nothing came back (and the signal's reason when aborted). */
export type Transport = (request: RunRequest) => Promise<TransportResult>;

export type BatchFailure = {
  batch: number;
  /** A network error, or the server could not write it (its own attempts or a server error). */
  reason: "network" | "server";
};

export type RunProgress = {
  runId: string;
  /** The batch being sent (1-based) and its attempt. */
  batch: number;
  attempt: number;
  totalBatches: number;
  batchSize: number;
  /** Batches finished so far (applied or failed). */
  doneBatches: number;
  failures: BatchFailure[];
};

export type RunResult =
  | { state: "finished"; runId: string; outcome: ImportOutcome; failures: BatchFailure[] }
  /** The run could not go on (refused, signed out, unreachable): `error` says why. */
  | { state: "stopped"; runId: string | null; error: Described; failures: BatchFailure[]; signIn: boolean };

export type DriveOptions = {
  start: StartRunRequest;
  transport: Transport;
  /** The rows of batch `batch` (1-based) of `size` rows, in order. */
  rowsOf: (batch: number, size: number) => Promise<BatchRow[]>;
  onProgress?: (progress: RunProgress) => void;
  /** Milliseconds to wait before attempt `attempt + 1` (default 500 ms, then 1 s). */
  backoffMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
};

/** What went wrong with a batch, the {error} of 'Error processing batch {n}: {error}'. */
export const BATCH_FAILURE_KEYS = {
  network: "run.errors.networkError",
  server: "run.errors.unknownBatchFailure",
} as const satisfies Record<BatchFailure["reason"], string>;

/** The server could not start the run (an error of its own, not a refusal). */
export const SERVER_ERROR: Described = { key: "screen.run.serverError", values: {} };

/** The run could not be started or finished because nothing answered. */
export const CONNECTION_ERROR: Described = { key: "screen.run.connectionError", values: {} };

const defaultBackoff = (attempt: number) => 500 * 2 ** (attempt - 1);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A 5xx, or an answer that is not ours (a proxy's page): worth another attempt. */
const isServerTrouble = (result: TransportResult) => result.status >= 500 || result.answer === null;

function refusalOf(result: TransportResult): { error: Described; signIn: boolean } {
  const answer = result.answer;
  if (answer && !answer.ok) {
    return {
      error: { key: answer.error, values: answer.values ?? {} },
      signIn: result.status === 401,
    };
  }
  return { error: { key: "screen.errors.badRequest", values: {} }, signIn: false };
}

/** Runs an interactive import to its end. Never throws for the network or the server; an abort rejects. */
export async function driveImportRun(options: DriveOptions): Promise<RunResult> {
  const { transport, signal } = options;
  const sleep = options.sleep ?? defaultSleep;
  const backoff = options.backoffMs ?? defaultBackoff;
  const failures: BatchFailure[] = [];
  const stopped = (runId: string | null, error: Described, signIn = false): RunResult => ({
    state: "stopped",
    runId,
    error,
    failures,
    signIn,
  });
  const send = async (request: RunRequest): Promise<TransportResult | null> => {
    signal?.throwIfAborted();
    try {
      return await transport(request);
    } catch (error) {
      signal?.throwIfAborted();
      if (error instanceof NetworkError) return null;
      throw error;
    }
  };

  // Starting is not repeated: a second start would open a second run.
  const started = await send(options.start);
  if (!started) return stopped(null, CONNECTION_ERROR);
  if (!started.answer?.ok || started.answer.intent !== "start") {
    if (isServerTrouble(started)) return stopped(null, SERVER_ERROR);
    const { error, signIn } = refusalOf(started);
    return stopped(null, error, signIn);
  }
  const { runId, totalBatches, batchSize } = started.answer;
  let doneBatches = 0;
  const report = (batch: number, attempt: number) =>
    options.onProgress?.({ runId, batch, attempt, totalBatches, batchSize, doneBatches, failures: [...failures] });

  for (let batch = 1; batch <= totalBatches; batch++) {
    const rows = await options.rowsOf(batch, batchSize);
    let outcome: "applied" | "failed-on-server" | "undelivered" = "undelivered";
    let reason: BatchFailure["reason"] = "network";
    for (let attempt = 1; attempt <= MAX_BATCH_ATTEMPTS; attempt++) {
      report(batch, attempt);
      const result = await send({ intent: "batch", runId, batch, attempt, rows });
      if (result?.answer?.ok && result.answer.intent === "batch") {
        if (result.answer.status === "applied") {
          outcome = "applied";
          break;
        }
        reason = "server";
        if (result.answer.status === "failed") {
          outcome = "failed-on-server";
          break;
        }
      } else if (result === null) {
        reason = "network";
      } else if (isServerTrouble(result)) {
        reason = "server";
      } else {
        // Refused (the run is closed or unknown, the session has gone): nothing more can be sent.
        const { error, signIn } = refusalOf(result);
        return stopped(runId, error, signIn);
      }
      if (attempt < MAX_BATCH_ATTEMPTS) await sleep(backoff(attempt));
    }
    if (outcome === "undelivered") {
      // Its rows are recorded 'Skipped due to batch processing error.'; should even that fail, the
      // run's end counts them as not processed.
      for (let attempt = 1; attempt <= MAX_BATCH_ATTEMPTS; attempt++) {
        const result = await send({ intent: "fail-batch", runId, batch, rows });
        if (result?.answer?.ok || (result && !isServerTrouble(result))) break;
        if (attempt < MAX_BATCH_ATTEMPTS) await sleep(backoff(attempt));
      }
    }
    if (outcome !== "applied") failures.push({ batch, reason });
    doneBatches++;
  }
  report(totalBatches, 1);

  let unreachable = true;
  for (let attempt = 1; attempt <= MAX_BATCH_ATTEMPTS; attempt++) {
    const result = await send({ intent: "finish", runId });
    unreachable = result === null;
    if (result?.answer?.ok && result.answer.intent === "finish") {
      return { state: "finished", runId, outcome: result.answer.outcome, failures };
    }
    if (result && !isServerTrouble(result)) {
      const { error, signIn } = refusalOf(result);
      return stopped(runId, error, signIn);
    }
    if (attempt < MAX_BATCH_ATTEMPTS) await sleep(backoff(attempt));
  }
  return stopped(runId, unreachable ? CONNECTION_ERROR : SERVER_ERROR);
}

/** The screen's transport: JSON to the run API with the page's cookies; no answer at all is a NetworkError. */
export function fetchTransport(url: string, signal?: AbortSignal): Transport {
  return async (request) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(request),
        credentials: "same-origin",
        signal,
      });
    } catch (error) {
      signal?.throwIfAborted();
      throw new NetworkError(error);
    }
    const type = response.headers.get("content-type") ?? "";
    let answer: RunAnswer | null = null;
    if (type.startsWith("application/json")) {
      try {
        answer = (await response.json()) as RunAnswer;
      } catch {
        answer = null;
      }
    }
    return { status: response.status, answer };
  };
}
