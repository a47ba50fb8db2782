/**
 * Whether OpenTelemetry tracing is configured, from the standard `OTEL_*` variables alone. Kept free of
 * imports so that deciding costs nothing: the SDK (./tracing.ts) is loaded only when this says yes.
 *
 * Tracing is on when an exporter is named (`OTEL_TRACES_EXPORTER`, other than `none`) or an OTLP endpoint
 * is given (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), and off whenever
 * `OTEL_SDK_DISABLED=true`. The SDK itself would export to a default local collector with nothing set,
 * which a service that nobody configured for tracing should not do.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (exporters.length > 0) return !exporters.includes('none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}
