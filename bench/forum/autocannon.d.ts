/** The part of autocannon's API the forum bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections: number;
    duration: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Result {
    requests: { average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Instance {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  }
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
