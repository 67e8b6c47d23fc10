// Minimal typings for the parts of autocannon 9 the benchmarks use (the package ships none).
declare module 'autocannon' {
  export interface AutocannonRequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export type AutocannonContext = Record<string, unknown>;

  export interface AutocannonRequest extends AutocannonRequestData {
    /** Called before every request; the returned request is sent. */
    setupRequest?: (
      request: AutocannonRequestData,
      context: AutocannonContext,
    ) => AutocannonRequestData;
    /** Called on every response with the context `setupRequest` saw for that request. */
    onResponse?: (
      status: number,
      body: string,
      context: AutocannonContext,
      headers: Record<string, string>,
    ) => void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
    /** Requests per second over all connections (a fixed offered load). */
    overallRate?: number;
  }

  export interface AutocannonHistogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: AutocannonHistogram;
    requests: AutocannonHistogram;
    throughput: AutocannonHistogram;
  }

  export interface AutocannonInstance extends PromiseLike<AutocannonResult> {
    stop(): void;
  }

  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
