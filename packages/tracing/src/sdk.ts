// The OpenTelemetry SDK (provider, processors, the OTLP exporter) is loaded only when a process turns tracing on:
// about 120 ms and some megabytes per process boot otherwise, for nothing while tracing is off (the default).
// Everything else in this package needs only `@opentelemetry/api`, which is a no-op until a provider registers.
import type * as ContextAsyncHooks from '@opentelemetry/context-async-hooks';
import type * as Core from '@opentelemetry/core';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as Resources from '@opentelemetry/resources';
import type * as SdkTraceBase from '@opentelemetry/sdk-trace-base';

export interface TracingSdk {
  contextAsyncHooks: typeof ContextAsyncHooks;
  core: typeof Core;
  otlpHttp: typeof OtlpHttp;
  resources: typeof Resources;
  sdkTraceBase: typeof SdkTraceBase;
}

/** The SDK's modules, required on the call (Node's own module cache makes every later call a lookup). */
export function tracingSdk(): TracingSdk {
  return {
    contextAsyncHooks: require('@opentelemetry/context-async-hooks'),
    core: require('@opentelemetry/core'),
    otlpHttp: require('@opentelemetry/exporter-trace-otlp-http'),
    resources: require('@opentelemetry/resources'),
    sdkTraceBase: require('@opentelemetry/sdk-trace-base'),
  };
}

/** Tests: an exporter that keeps every ended span in memory, to hand to `startTracing({ exporter })`. */
export function createInMemorySpanExporter(): SdkTraceBase.InMemorySpanExporter {
  return new (tracingSdk().sdkTraceBase.InMemorySpanExporter)();
}
