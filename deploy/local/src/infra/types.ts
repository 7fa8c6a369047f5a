export type InfraComponentName = 'secantusd' | 'kafka' | 'redis' | 'maildev' | 'maildev-test';

export type InfraMode = 'managed' | 'external';

export type InfraLog = (line: string) => void;

export interface InfraUrls {
  mongoUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
}

export interface InfraComponentStatus {
  name: InfraComponentName;
  mode: InfraMode;
  ready: boolean;
  pid?: number;
  address: string;
  detail?: string;
}

export interface InfraOptions {
  env?: NodeJS.ProcessEnv;
  log?: InfraLog;
}

export interface StopInfraOptions extends InfraOptions {
  only?: string[];
}

/** Everything a component step needs; built once per API call so env and log stay consistent. */
export interface InfraContext {
  env: NodeJS.ProcessEnv;
  log: InfraLog;
}

/** One server this tool can install, launch and probe. */
export interface InfraComponent {
  name: InfraComponentName;
  readyTimeoutMs: number;
  stopTimeoutMs: number;
  /** Text always present in the server's command line; guards against reused pids. */
  processMarker: string;
  /** Shown while starting so people know what to expect, e.g. "java, ~10 s". */
  startHint: string;
  address(urls: InfraUrls): string;
  probe(urls: InfraUrls, timeoutMs: number): Promise<void>;
  /** Where the installed server lives (cache folder or binary), for `infra install` output. */
  installedAt(env: NodeJS.ProcessEnv): string;
  /** Idempotent and cached: a no-op when the inputs were already built. */
  install(ctx: InfraContext): Promise<void>;
  /** Prepares the data dir and spawns the detached server; returns its pid. */
  launch(ctx: InfraContext): Promise<number>;
}
