/** The part of autocannon's programmatic API the benches use (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /**
     * A sequence sent over and over on each connection. Each request goes through `setupRequest`
     * before it is sent (a falsy result starts the sequence over); `onResponse` gets its reply.
     * `context` lives for one run of the sequence.
     */
    requests?: Array<{
      method?: 'GET' | 'POST';
      path?: string;
      setupRequest?: (request: Request, context: Record<string, string>) => Request | null;
      onResponse?: (status: number, body: string, context: Record<string, string>) => void;
    }>;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers per status code, e.g. { "304": { count: 12 } }. */
    statusCodeStats?: Record<string, { count: number }>;
    '2xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
