/** Anything long-lived: a server, a consumer, a connection. */
export interface Component {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * A server that opens its port before the process's dependencies are up (`runProcess` calls this first),
   * answering health checks with NOT_SERVING and every other call with UNAVAILABLE until `start()`. Without
   * it (a test's `startAll`), `start()` opens the port itself.
   */
  listen?(): Promise<void>;
}
