/**
 * The service's own spans and the trace context carried through the webhook outbox, on the OpenTelemetry
 * API alone. Without a configured SDK (src/ops/tracing.ts) every call here is a no-op: the API's tracer
 * makes non-recording spans and its propagator writes nothing, so `activeTraceparent()` is null and no
 * trace context is ever stored. This module sits in the lowest layer so that every layer may open spans.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';

const tracer = trace.getTracer('portolan');

export interface SpanOptions {
  readonly attributes?: Attributes;
  readonly kind?: SpanKind;
  /** The parent (default: the active context). */
  readonly parent?: Context;
}

/** Runs `work` inside a span named `name`; an error thrown marks the span failed and goes on. */
export function withSpan<T>(name: string, options: SpanOptions, work: () => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, ...(options.attributes ? { attributes: options.attributes } : {}) },
    parent,
    async (span) => {
      try {
        return await work();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** The active context as a W3C `traceparent` value, or null (tracing off, or nothing sampled). */
export function activeTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The context a stored `traceparent` names (the root context when there is none). */
export function contextOfTraceparent(traceparent: string | null): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/** The trace headers of the active context (`traceparent`, `tracestate`), for an outgoing request. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

export { SpanKind };
