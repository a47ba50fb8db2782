-- The W3C trace context (a `traceparent` header value) of the commit that wrote a webhook delivery, so
-- that its sending, on whichever instance and however much later, joins the move's trace. Written only
-- while tracing is configured (src/webhooks/trace-stamp.ts); null otherwise.
ALTER TABLE "webhook_deliveries" ADD COLUMN "traceparent" TEXT;
