// The part of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  };

  export type Result = {
    /** Seconds the run lasted. */
    duration: number;
    requests: { average: number; total: number; sent: number };
    throughput: { average: number; total: number };
    latency: { average: number; p50: number; p90: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  };

  export type Instance = EventEmitter &
    PromiseLike<Result> & {
      on(
        event: "response",
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): Instance;
      stop(): void;
    };

  export default function autocannon(options: Options): Instance;
}
