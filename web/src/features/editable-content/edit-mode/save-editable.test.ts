import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { editableContentKey, editableContentQueryKey, type EditableContentItem } from '../api/get-editable-content';
import { saveEditable } from './save-editable';

const KEY = 'hero.title';
const item = (content: string, version?: string): EditableContentItem => ({
  contentKey: KEY,
  content,
  contentType: 'text',
  ...(version ? { version } : {}),
});

type Call = { method: string; url: string; body: unknown };

/** Answers fetch from a list of [status, body] for PUTs and the current list for GETs. */
function stubApi(put: { status: number; body: unknown }, list: () => EditableContentItem[]): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    return method === 'PUT' ? json(put.status, put.body) : json(200, list());
  });
  return calls;
}

function clientWith(items: EditableContentItem[]) {
  const client = createQueryClient();
  client.setQueryData(editableContentQueryKey, items);
  return client;
}

const shown = (client: ReturnType<typeof createQueryClient>) =>
  client.getQueryData<EditableContentItem[]>(editableContentQueryKey)?.find((i) => i.contentKey === KEY);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('saveEditable', () => {
  it('sends the version the edit was based on, and keeps the stored item’s new version', async () => {
    const client = clientWith([item('Old', '3')]);
    const calls = stubApi({ status: 200, body: { ...item('New', '4'), updatedBy: 'ana@example.com' } }, () => [item('New', '4')]);
    await expect(saveEditable(client, KEY, 'text', 'Old', 'New', '3')).resolves.toEqual({ status: 'saved' });
    expect(calls[0]).toEqual({ method: 'PUT', url: `/api/admin/editable-content/${KEY}`, body: { content: 'New', baseVersion: '3' } });
    expect(shown(client)).toMatchObject({ content: 'New', version: '4' });
  });

  it('writes unconditionally when the version is unknown (the page never had it)', async () => {
    const client = clientWith([item('Old')]);
    const calls = stubApi({ status: 200, body: item('New', '2') }, () => [item('New', '2')]);
    await saveEditable(client, KEY, 'text', 'Old', 'New', undefined);
    expect(calls[0]?.body).toEqual({ content: 'New' });
  });

  it('sends nothing when the text is unchanged', async () => {
    const client = clientWith([item('Same', '1')]);
    const calls = stubApi({ status: 200, body: {} }, () => []);
    await expect(saveEditable(client, KEY, 'text', 'Same', 'Same', '1')).resolves.toEqual({ status: 'unchanged' });
    expect(calls).toEqual([]);
  });

  it('on a newer version: reports who saved it and shows theirs, not a silent rollback', async () => {
    const client = clientWith([item('Old', '3')]);
    const stale = { version: '4', updatedBy: 'ben@example.com', updatedAt: '2026-11-26T12:04:05Z' };
    const calls = stubApi(
      {
        status: 409,
        body: { message: 'This text was changed by ben@example.com …', code: 'aborted', details: [], reason: 'STALE_VERSION', metadata: stale },
      },
      () => [item('Ben’s text', '4')],
    );
    const outcome = await saveEditable(client, KEY, 'text', 'Old', 'Ana’s text', '3');
    expect(outcome).toEqual({ status: 'conflict', stale, theirs: item('Ben’s text', '4') });
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'GET']);
    expect(shown(client)).toMatchObject({ content: 'Ben’s text', version: '4' });
  });

  it('reads the list again while it is older than the version the refusal named', async () => {
    const client = clientWith([item('Old', '3')]);
    const stale = { version: '4', updatedBy: 'ben@example.com', updatedAt: '2026-11-26T12:04:05Z' };
    let reads = 0;
    stubApi({ status: 409, body: { message: 'm', code: 'aborted', details: [], reason: 'STALE_VERSION', metadata: stale } }, () =>
      ++reads < 2 ? [item('Old', '3')] : [item('Ben’s text', '4')],
    );
    const outcome = await saveEditable(client, KEY, 'text', 'Old', 'Ana’s text', '3');
    expect(outcome).toMatchObject({ status: 'conflict', theirs: { version: '4' } });
    expect(reads).toBe(2);
  });

  it('rolls any other failure back to the old text', async () => {
    const client = clientWith([item('Old', '3')]);
    stubApi({ status: 500, body: { message: 'Internal server error', code: 'internal', details: [] } }, () => []);
    await expect(saveEditable(client, KEY, 'text', 'Old', 'New', '3')).resolves.toEqual({ status: 'failed' });
    expect(shown(client)).toMatchObject({ content: 'Old', version: '3' });
  });
});

describe('saveEditable on a Spanish page (issue 40)', () => {
  const esKey = editableContentKey('es');
  const spanish = (content: string, version: string, fallback = false): EditableContentItem => ({
    contentKey: KEY,
    content,
    contentType: 'text',
    version,
    locale: fallback ? 'en' : 'es',
    fallback,
  });
  /** The staff API's answer to a save: both languages. */
  const staffItem = (es: string, versionEs: string): EditableContentItem => ({
    ...item('Trenchless repair', '7'),
    locale: 'en',
    contentEs: es,
    versionEs,
    updatedByEs: 'ana@example.com',
  });
  function spanishClient(items: EditableContentItem[]) {
    const client = createQueryClient();
    client.setQueryData(esKey, items);
    client.setQueryData(editableContentQueryKey, [item('Trenchless repair', '7')]);
    return client;
  }
  const shownEs = (client: ReturnType<typeof createQueryClient>) =>
    client.getQueryData<EditableContentItem[]>(esKey)?.find((i) => i.contentKey === KEY);

  it('saves the Spanish text on its own version, and the Spanish list shows it', async () => {
    const client = spanishClient([spanish('Reparación sin zanjas', '2')]);
    const calls = stubApi({ status: 200, body: staffItem('Reparación sin excavar', '3') }, () => [spanish('Reparación sin excavar', '3')]);
    await expect(saveEditable(client, KEY, 'text', 'Reparación sin zanjas', 'Reparación sin excavar', '2', 'es')).resolves.toEqual({
      status: 'saved',
    });
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: `/api/admin/editable-content/${KEY}`,
      body: { content: 'Reparación sin excavar', baseVersion: '2', locale: 'es' },
    });
    expect(calls.slice(1).map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/editable-content?locale=es']);
    expect(shownEs(client)).toMatchObject({ content: 'Reparación sin excavar', version: '3', locale: 'es', fallback: false });
    expect(shown(client)).toMatchObject({ content: 'Trenchless repair', version: '7' });
    expect(client.getQueryState(editableContentQueryKey)?.isInvalidated, 'the English list is read again when shown').toBe(true);
  });

  it('a text that falls back to English: its first Spanish text is sent without a version', async () => {
    const client = spanishClient([spanish('Trenchless repair', '0', true)]);
    const calls = stubApi({ status: 200, body: staffItem('Reparación sin zanjas', '1') }, () => [spanish('Reparación sin zanjas', '1')]);
    await saveEditable(client, KEY, 'text', 'Trenchless repair', 'Reparación sin zanjas', '0', 'es');
    expect(calls[0]?.body).toEqual({ content: 'Reparación sin zanjas', locale: 'es' });
    expect(shownEs(client)).toMatchObject({ content: 'Reparación sin zanjas', version: '1', fallback: false });
  });

  it('a newer Spanish text: shows theirs from the Spanish list', async () => {
    const client = spanishClient([spanish('Uno', '2')]);
    const stale = { version: '3', updatedBy: 'ben@example.com', updatedAt: '2026-11-28T12:04:05Z' };
    const calls = stubApi(
      { status: 409, body: { message: 'm', code: 'aborted', details: [], reason: 'STALE_VERSION', metadata: stale } },
      () => [spanish('Tres', '3')],
    );
    const outcome = await saveEditable(client, KEY, 'text', 'Uno', 'Dos', '2', 'es');
    expect(outcome).toEqual({ status: 'conflict', stale, theirs: spanish('Tres', '3') });
    expect(calls[1]?.url).toBe('/api/editable-content?locale=es');
    expect(shownEs(client)).toMatchObject({ content: 'Tres', version: '3' });
  });
});
