/**
 * Tracing is off unless the standard OTEL_* variables configure it, and with it off nothing traces: no
 * trace context to carry, none stored (this process never loads the SDK).
 */
import t from 'tap';
import { tracingConfigured } from '../../src/ops/tracing-config.js';
import { activeTraceparent, withSpan } from '../../src/store/trace-context.js';

t.test('the OTEL_* variables that turn tracing on', async (t) => {
  t.notOk(tracingConfigured({}), 'nothing set: off');
  t.ok(tracingConfigured({ OTEL_TRACES_EXPORTER: 'otlp' }));
  t.ok(tracingConfigured({ OTEL_TRACES_EXPORTER: 'console' }));
  t.ok(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }));
  t.ok(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }));
  t.notOk(
    tracingConfigured({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }),
    'exporter none wins',
  );
  t.notOk(tracingConfigured({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }), 'OTEL_SDK_DISABLED wins');
  t.notOk(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }), 'a blank endpoint is no endpoint');
  t.notOk(tracingConfigured({ OTEL_SERVICE_NAME: 'portolan' }), 'a service name alone configures no exporter');
});

t.test('without the SDK, spans are no-ops and no trace context exists', async (t) => {
  const inside = await withSpan('portolan.commit', {}, async () => activeTraceparent());
  t.equal(inside, null, 'nothing to store in the outbox');
  await t.rejects(
    withSpan('x', {}, async () => Promise.reject(new Error('boom'))),
    /boom/,
    'errors pass through',
  );
});
