-- The language of a webhook endpoint's bodies (the log texts in them): 'en' (the default) or another
-- served locale such as 'ja'. App endpoints are webhook endpoints too, so they carry it as well.
ALTER TABLE "webhook_endpoints" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'en';
