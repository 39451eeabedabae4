// The Node consumer against a real stream with real leads. The Go test
// e2e/consumers_test.go starts the whole product, sends inspection requests
// through its API and runs this file with NATS_URL (the stack's NATS) and
// LEAD_IDS (the leads it stored, in order).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { consumeLeads, openLeads, SUBJECT } from '../lead-consumer.mjs';
import { parseContract } from '../validate-contract.mjs';

const servers = process.env.NATS_URL;
const leadIds = (process.env.LEAD_IDS ?? '').split(',').filter(Boolean);
if (!servers || leadIds.length < 3) {
  throw new Error('NATS_URL and LEAD_IDS (three or more) are unset: run this through go test ./e2e -run TestTheNodeConsumer');
}
const run = `${process.pid}-${Date.now()}`;

/** Validators of leads.submitted's headers and body from docs/asyncapi.yaml. */
async function contract() {
  const { document, errors } = await parseContract();
  assert.equal(errors.length, 0, 'the contract parses');
  const message = document.channels().all().find((c) => c.address() === SUBJECT).messages().all()[0];
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return { headers: ajv.compile(message.headers().json()), payload: ajv.compile(message.payload().json()) };
}

/** Opens a consumer, runs it until max leads were acknowledged, closes it. */
async function consume(durable, handle, { max = leadIds.length, ackWaitMs } = {}) {
  const { nc, consumer } = await openLeads({ servers, durable, ackWaitMs });
  try {
    return await consumeLeads({ consumer, handle, max, retryDelayMs: 100 });
  } finally {
    await nc.close();
  }
}

test('each lead arrives as the contract describes it', async () => {
  const valid = await contract();
  const seen = [];
  await consume(`contract-${run}`, async (lead, { headers, raw }) => {
    const body = JSON.parse(new TextDecoder().decode(raw));
    assert.ok(valid.payload(body), `body of ${lead.id}: ${JSON.stringify(valid.payload.errors)}`);
    assert.ok(valid.headers(headers), `headers of ${lead.id}: ${JSON.stringify(valid.headers.errors)} in ${JSON.stringify(headers)}`);
    assert.equal(headers['Nats-Msg-Id'], lead.id);
    assert.equal(headers['ce-id'], lead.id);
    assert.equal(headers['ce-type'], 'com.valleytrenchless.leads.submitted');
    seen.push(lead.id);
  });
  assert.deepEqual(seen, leadIds, 'every lead, once, in the order they were stored');
});

test('a lead the handler failed on comes again and is then taken', async () => {
  const calls = [];
  const acked = await consume(`retry-${run}`, async (lead, { deliveryCount }) => {
    calls.push([lead.id, deliveryCount]);
    if (lead.id === leadIds[0] && deliveryCount === 1) throw new Error('the CRM answered 503');
  });
  assert.equal(acked, leadIds.length);
  assert.deepEqual(calls.filter(([id]) => id === leadIds[0]), [[leadIds[0], 1], [leadIds[0], 2]], 'redelivered once, then acked');
  assert.deepEqual(new Set(calls.map(([id]) => id)), new Set(leadIds));
});

test('a restarted consumer goes on where its durable left off', async () => {
  const durable = `restart-${run}`;
  const first = [];
  // The first process takes one lead and stops; what it had pulled but not
  // acknowledged comes back after the consumer's ack wait.
  await consume(durable, async (lead) => { first.push(lead.id); }, { max: 1, ackWaitMs: 2000 });
  assert.deepEqual(first, [leadIds[0]]);
  const second = [];
  await consume(durable, async (lead) => { second.push(lead.id); }, { max: leadIds.length - 1, ackWaitMs: 2000 });
  assert.deepEqual(second.toSorted(), leadIds.slice(1).toSorted(), 'the rest, and not the acknowledged one again');
});
