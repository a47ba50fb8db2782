// The receiver from docs/webhooks.md ("Verifying a delivery"), run as-is by test/webhooks/readme.test.ts.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.PORTOLAN_WEBHOOK_SECRET); // the whsec_... secret shown at registration
const seen = new Set(); // webhook-ids already handled (keep them a few days in a real store)

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8'); // verify the raw bytes, never re-serialised JSON
    let event;
    try {
      event = wh.verify(body, req.headers); // checks webhook-signature and a 5-minute timestamp window
    } catch {
      res.writeHead(400).end();
      return;
    }
    const id = req.headers['webhook-id']; // the same on every retry of this event
    if (!seen.has(id)) {
      seen.add(id);
      console.log(event.type, event.data.gameId, event.data.version);
    }
    res.writeHead(204).end(); // any 2xx acknowledges; 410 would disable the endpoint
  });
}).listen(Number(process.env.PORT ?? 8080), '127.0.0.1');
