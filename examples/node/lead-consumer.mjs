// Takes Valley Trenchless's new leads from NATS into another system.
//
// A durable pull consumer on the JetStream stream LEADS (subject
// leads.submitted) with explicit acknowledgement: a lead is acknowledged
// only after your handler returned, so a crash, a restart or a handler that
// throws means the lead comes again (after a short delay), never that it is
// lost. The durable name keeps your place across restarts. A lead can come
// twice (a redelivery after a lost ack): use its id, also the message's
// Nats-Msg-Id and ce-id, to skip one you already have. The contract is
// docs/asyncapi.yaml.
//
//   NATS_URL=nats://127.0.0.1:4222 DURABLE=crm-sync node lead-consumer.mjs
//
// prints each new lead as one JSON line; replace printLead with your CRM's
// call.
import { fileURLToPath } from 'node:url';
import { AckPolicy, DeliverPolicy, connect, nanos } from 'nats';

/** The stream and subject of new leads. */
export const STREAM = 'LEADS';
export const SUBJECT = 'leads.submitted';

/**
 * Connects and makes sure the durable consumer exists (creating it is
 * idempotent; its place in the stream is kept by the server).
 * @param {{servers?: string, durable: string, ackWaitMs?: number, maxDeliver?: number}} opts
 */
export async function openLeads({ servers = 'nats://127.0.0.1:4222', durable, ackWaitMs = 30_000, maxDeliver = 20 }) {
  const nc = await connect({ servers, name: `lead-consumer ${durable}` });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.consumers.add(STREAM, {
      durable_name: durable,
      filter_subject: SUBJECT,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(ackWaitMs),
      max_deliver: maxDeliver,
    });
    const consumer = await nc.jetstream().consumers.get(STREAM, durable);
    return { nc, consumer };
  } catch (err) {
    await nc.close();
    throw err;
  }
}

/** A message's headers as a plain object (names as the publisher wrote them). */
export function headersOf(msg) {
  const out = {};
  if (msg.headers) {
    for (const [k, v] of msg.headers) out[k] = v[0];
  }
  return out;
}

/**
 * Calls handle(lead, meta) for each lead, in stream order, until signal
 * aborts or max leads were acknowledged. A lead is acknowledged (and the
 * server's confirmation awaited) after handle resolves; when handle
 * throws, the lead is handed back (nak) to come again after retryDelayMs.
 * @param {{consumer: any, handle: (lead: object, meta: object) => Promise<void>, max?: number, signal?: AbortSignal, retryDelayMs?: number, onError?: (err: Error, lead: object) => void}} opts
 * @returns {Promise<number>} the leads acknowledged
 */
export async function consumeLeads({ consumer, handle, max = Infinity, signal, retryDelayMs = 1000, onError = () => {} }) {
  let acked = 0;
  const messages = await consumer.consume({ max_messages: 16, expires: 5_000 });
  const stop = () => messages.stop();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const m of messages) {
      const event = m.json();
      const meta = {
        headers: headersOf(m),
        deliveryCount: m.info.redeliveryCount,
        streamSequence: m.seq,
        raw: m.data,
      };
      try {
        await handle(event.lead, meta);
      } catch (err) {
        onError(err, event.lead);
        m.nak(retryDelayMs);
        continue;
      }
      await m.ackAck();
      acked++;
      if (acked >= max) break;
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    messages.stop();
  }
  return acked;
}

/** The example's handler: one JSON line per lead. */
async function printLead(lead, { deliveryCount }) {
  const { id, firstName, lastName, email, phone, city, createdAt } = lead;
  console.log(JSON.stringify({ id, name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email, phone, city, createdAt, deliveryCount }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const durable = process.env.DURABLE ?? 'lead-consumer-example';
  const { nc, consumer } = await openLeads({ servers: process.env.NATS_URL, durable });
  const stop = new AbortController();
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => stop.abort());
  console.error(`lead-consumer: reading ${STREAM} ${SUBJECT} as ${durable}; Ctrl+C stops`);
  await consumeLeads({ consumer, handle: printLead, signal: stop.signal, onError: (err, lead) => console.error(`lead ${lead?.id}: ${err.message}; it will come again`) });
  await nc.drain();
}
