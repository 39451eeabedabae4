import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  changeRows,
  fieldName,
  isListedKind,
  KIND_GROUPS,
  kindFilterLabel,
  resultOf,
  shortUserAgent,
  valueText,
} from './audit-labels';

/** The kinds audit.proto documents (AuditEntry.kind's comment). */
function protoKinds(): string[] {
  const proto = readFileSync(new URL('../../../../../../proto/trenchless/gateway/v1/audit.proto', import.meta.url), 'utf8');
  const comment = /\/\/ Kind is what was done:([\s\S]*?)string kind = 7;/.exec(proto)?.[1] ?? '';
  return [...comment.matchAll(/"([a-z.-]+)"/g)].map((m) => m[1]!);
}

describe('kinds in words', () => {
  it('words every kind the gateway logs, each in one group, and nothing else', () => {
    const listed = KIND_GROUPS.flatMap((g) => g.kinds.map((k) => k.kind));
    const documented = protoKinds();
    expect(documented.length).toBeGreaterThan(30);
    expect([...listed].sort()).toEqual([...documented].sort());
    for (const kind of listed) expect(actionLabel(kind)).not.toBe(kind);
  });

  it('says what was done as a person would', () => {
    expect(actionLabel('lead.update')).toBe('Changed a lead');
    expect(actionLabel('sign-in')).toBe('Signed in');
    expect(actionLabel('sign-in.failed')).toBe('Sign-in refused');
    expect(actionLabel('text.update')).toBe('Changed a site text');
    // A kind added to the gateway before this app knows it reads as logged.
    expect(actionLabel('invoice.send')).toBe('invoice.send');
  });

  it('groups the filter by family, offering a whole family where one prefix holds exactly its kinds', () => {
    expect(KIND_GROUPS.map((g) => g.label)).toEqual(['Sign-in', 'Posts', 'Site text', 'Images', 'Leads', 'Integrations', 'Staff', 'Account', 'Audit log']);
    for (const group of KIND_GROUPS.filter((g) => g.all)) {
      expect(group.family).toMatch(/\.$/);
      for (const { kind } of group.kinds) expect(kind.startsWith(group.family)).toBe(true);
      const others = KIND_GROUPS.filter((g) => g !== group).flatMap((g) => g.kinds);
      for (const { kind } of others) expect(kind.startsWith(group.family)).toBe(false);
    }
    expect(kindFilterLabel('lead.')).toBe('Anything done to leads');
    expect(kindFilterLabel('lead.note')).toBe('Added a note to a lead');
    expect(kindFilterLabel('invoice.')).toBe('invoice.');
    expect(isListedKind('post.')).toBe(true);
    expect(isListedKind('sign-in.')).toBe(false);
  });
});

describe('an entry’s result and origin', () => {
  it('is done for a 2xx, refused for a 4xx and failed otherwise, with the status', () => {
    expect(resultOf(200)).toEqual({ ok: true, text: 'Done' });
    expect(resultOf(204).ok).toBe(true);
    expect(resultOf(403)).toEqual({ ok: false, text: 'Refused (403)' });
    expect(resultOf(401).text).toBe('Refused (401)');
    expect(resultOf(503)).toEqual({ ok: false, text: 'Failed (503)' });
    expect(resultOf(0).ok).toBe(false);
  });

  it('shortens a user agent to the browser, its version and the system', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(shortUserAgent(mac)).toBe('Chrome 131 on macOS');
    expect(shortUserAgent(`${mac} Edg/131.0.2903.86`.replace('Macintosh; Intel Mac OS X 10_15_7', 'Windows NT 10.0; Win64; x64'))).toBe('Edge 131 on Windows');
    expect(shortUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1')).toBe(
      'Safari 18 on iPhone',
    );
    expect(shortUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133 on Linux');
    expect(shortUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toBe(
      'Chrome 131 on Android',
    );
    expect(shortUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(shortUserAgent(`x${'y'.repeat(80)}`)).toHaveLength(40);
    expect(shortUserAgent('  ')).toBe('');
  });
});

describe('changed fields', () => {
  it('reads before and after in the logged order, a created thing without before and a deleted one without after', () => {
    const rows = changeRows({
      status: { before: 'new', after: 'contacted' },
      assigneeEmail: { after: 'bo@pipes.example' },
      title: { before: 'Old title' },
      isPublished: { before: false, after: true },
      tags: { before: ['a'], after: ['a', 'b'] },
      note: { before: '', after: 'Called back' },
    });
    expect(rows.map((r) => [r.name, r.before, r.after, r.hasBefore, r.hasAfter])).toEqual([
      ['Status', 'new', 'contacted', true, true],
      ['Assignee email', '', 'bo@pipes.example', false, true],
      ['Title', 'Old title', '', true, false],
      ['Is published', 'false', 'true', true, true],
      ['Tags', '["a"]', '["a","b"]', true, true],
      ['Note', '', 'Called back', true, true],
    ]);
  });

  it('shows a field logged in another shape as its value after, and nothing for no changes', () => {
    expect(changeRows({ phone: 'changed' })).toEqual([{ field: 'phone', name: 'Phone', before: '', after: 'changed', hasBefore: false, hasAfter: true }]);
    expect(changeRows({})).toEqual([]);
    expect(changeRows(null)).toEqual([]);
    expect(changeRows(['x'])).toEqual([]);
  });

  it('names fields for people and writes values as text', () => {
    expect(fieldName('seo_title')).toBe('Seo title');
    expect(fieldName('firstResponseAt')).toBe('First response at');
    expect(valueText(null)).toBe('');
    expect(valueText(3)).toBe('3');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText('<b>bold</b>')).toBe('<b>bold</b>');
  });
});
