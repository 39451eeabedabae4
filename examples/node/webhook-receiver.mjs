// Receives Valley Trenchless's webhooks in Node and verifies each one with
// the Standard Webhooks library (standardwebhooks on npm): the signature
// over webhook-id, webhook-timestamp and the body, with the endpoint's
// secret (whsec_…, shown once when the endpoint was added), and a
// timestamp within five minutes. A delivery that fails the check is
// refused with 401 and is not handled. A webhook-id already handled is
// answered 200 again without handling it twice (deliveries are retried
// with the same id).
//
//   PORT=8787 WEBHOOK_SECRET=whsec_… node webhook-receiver.mjs
//
// prints each verified event as one JSON line; replace handleEvent with
// your CRM's call. During a secret rotation either secret verifies, since
// every delivery is signed with both for 24 hours.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';

const MAX_BODY = 1 << 20;

/**
 * @param {{secret: string, handle: (event: object, id: string) => Promise<void>, seen?: Set<string>}} opts
 * @returns {http.Server}
 */
export function createReceiver({ secret, handle, seen = new Set() }) {
  const wh = new Webhook(secret);
  return http.createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end('too large');
        return;
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = wh.verify(body, req.headers);
    } catch (err) {
      res.writeHead(401, { 'Content-Type': 'text/plain' }).end(`signature not verified: ${err.message}`);
      return;
    }
    const id = req.headers['webhook-id'];
    if (seen.has(id)) {
      res.writeHead(200).end('already handled');
      return;
    }
    try {
      await handle(event, id);
    } catch (err) {
      // A 5xx makes the sender try again later, with the same id.
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end(err.message);
      return;
    }
    seen.add(id);
    res.writeHead(204).end();
  });
}

/** The example's handler: one JSON line per event. */
async function printEvent(event, id) {
  const lead = event.data?.lead;
  console.log(JSON.stringify({ id, type: event.type, timestamp: event.timestamp, leadId: lead?.id ?? event.data?.leadId,
    name: lead ? `${lead.firstName ?? ''} ${lead.lastName ?? ''}`.trim() : undefined, event }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error('webhook-receiver: set WEBHOOK_SECRET to the endpoint\'s secret (whsec_…)');
    process.exit(2);
  }
  const port = Number(process.env.PORT ?? 8787);
  const server = createReceiver({ secret, handle: printEvent });
  server.listen(port, process.env.HOST ?? '127.0.0.1', () => console.error(`webhook-receiver: listening on ${port}`));
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => server.close());
}
