import autocannon from "autocannon";
import { processCpuMs } from "./bench";

/** What to load; with the serving process's id, its CPU time per request is measured too. */
export type LoadTarget = { name: string; url: string; headers?: Record<string, string>; pid?: number };

export type LoadResult = {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** Every 2xx response's latency, in milliseconds. */
  latenciesMs: number[];
  /** Responses other than 2xx, connection errors and timeouts: any of them spoils the figure. */
  failures: number;
  /** Mean size of a response body, in bytes. */
  meanBytes: number;
  /** CPU time the serving process used during the run, in milliseconds (null when unknown). */
  serverCpuMs: number | null;
};

/** The p-th percentile (0–100) by nearest rank; NaN for no values. */
export function percentile(values: number[], p: number) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** One autocannon run: `connections` connections, each sending its next request as soon as the last one answered. */
export async function runLoad(target: LoadTarget, { connections, seconds }: { connections: number; seconds: number }) {
  const latenciesMs: number[] = [];
  let bytes = 0;
  const cpuBefore = target.pid ? processCpuMs(target.pid) : null;
  const instance = autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: target.headers,
    timeout: 30,
  });
  instance.on("response", (_client, statusCode, resBytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) {
      latenciesMs.push(responseTime);
      bytes += resBytes;
    }
  });
  const result = await instance;
  const cpuAfter = target.pid ? processCpuMs(target.pid) : null;
  const requests = result["2xx"];
  return {
    requests,
    seconds: result.duration,
    requestsPerSecond: requests / result.duration,
    latenciesMs,
    failures: result.non2xx + result.errors + result.timeouts,
    meanBytes: requests > 0 ? bytes / requests : 0,
    serverCpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
  } satisfies LoadResult;
}

function combine(runs: LoadResult[]): LoadResult {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const bytes = runs.reduce((sum, r) => sum + r.meanBytes * r.requests, 0);
  return {
    requests,
    seconds,
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    latenciesMs: runs.flatMap((r) => r.latenciesMs),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
    meanBytes: requests > 0 ? bytes / requests : 0,
    serverCpuMs: runs.some((r) => r.serverCpuMs === null) ? null : runs.reduce((sum, r) => sum + r.serverCpuMs!, 0),
  };
}

/** The serving process's CPU time per completed request, in milliseconds (null when unknown). */
export function cpuPerRequestMs(result: LoadResult) {
  return result.serverCpuMs === null || result.requests === 0 ? null : result.serverCpuMs / result.requests;
}

/**
 * The same load on each target in turn, side by side: a warm-up run each (not counted), then
 * `rounds` rounds that alternate the order (A B, B A, ...) so a machine that gets busier or quieter
 * meanwhile weighs on both alike. Returns each target's counted runs combined, in target order.
 */
export async function compareUnderLoad(
  targets: LoadTarget[],
  {
    connections,
    seconds,
    warmupSeconds,
    rounds,
  }: { connections: number; seconds: number; warmupSeconds: number; rounds: number },
) {
  for (const target of targets) await runLoad(target, { connections, seconds: warmupSeconds });
  const runs = new Map<LoadTarget, LoadResult[]>(targets.map((t) => [t, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) runs.get(target)!.push(await runLoad(target, { connections, seconds }));
  }
  return targets.map((target) => ({ target, result: combine(runs.get(target)!) }));
}
