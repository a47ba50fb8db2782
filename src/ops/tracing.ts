/**
 * OpenTelemetry tracing: the SDK and the official instrumentations of Fastify (@fastify/otel), pg,
 * undici (and fetch) and node:http (the webhook sender's client), started before the service's modules
 * are imported. Loaded only when ./tracing-config.ts finds tracing configured (src/server.ts imports the
 * rest of the service after it), so a service without `OTEL_*` settings loads none of this.
 *
 * Everything else comes from the standard variables, read by the SDK: `OTEL_TRACES_EXPORTER` (`otlp`,
 * `console`, `zipkin`), `OTEL_EXPORTER_OTLP_ENDPOINT` / `_PROTOCOL` / `_HEADERS`, `OTEL_SERVICE_NAME`,
 * `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_TRACES_SAMPLER` and its argument, `OTEL_PROPAGATORS`.
 *
 * The project is ESM: instrumentations patch modules through import-in-the-middle's loader hook, which is
 * told to wrap only the modules an instrumentation asks for (every other import goes through untouched).
 */
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { NodeSDK, type tracing } from '@opentelemetry/sdk-node';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';

export interface Tracing {
  /** Ends tracing: exports what is still buffered. */
  stop(): Promise<void>;
}

export interface TracingOptions {
  /** Processors instead of the exporter the environment names (a test's in-memory exporter). */
  readonly spanProcessors?: tracing.SpanProcessor[];
  readonly serviceName?: string;
}

/** Starts tracing for this process; call before importing the modules to instrument (fastify, pg). */
export async function startTracing(options: TracingOptions = {}): Promise<Tracing> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? 'portolan',
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    instrumentations: [
      // The HTTP server span is the root of a request's trace; the client side covers webhook sends.
      new HttpInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      // A statement's span, without the connect and pool spans that would double every query's.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return { stop: () => sdk.shutdown() };
}
