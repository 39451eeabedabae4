import { describe, expect, it } from 'vitest';
import { activityShownText, describeActivity, markedSpamBy } from './activity';
import { bulkResultText } from './bulk';
import { LEAD_STATUSES, parsePipelineStatus, sourceLabel, statusLabel } from './lead-labels';
import { seenValues } from './seen-values';

describe('statuses', () => {
  it('reads each status in plain words', () => {
    expect(LEAD_STATUSES.map((s) => statusLabel(s.value))).toEqual(['New', 'Contacted', 'Scheduled', 'Won', 'Lost', 'Spam']);
    expect(statusLabel('')).toBe('New');
    expect(statusLabel('on-hold')).toBe('On hold');
    expect(parsePipelineStatus('won')).toBe('won');
    expect(parsePipelineStatus('spam')).toBe('');
    expect(parsePipelineStatus(null)).toBe('');
    expect(sourceLabel('direct')).toBe('Direct (no campaign)');
    expect(sourceLabel('google')).toBe('google');
  });
});

describe('the activity timeline', () => {
  it('says what each change did', () => {
    expect(describeActivity({ kind: 'status', from: 'new', to: 'contacted' })).toBe('changed the status from New to Contacted');
    expect(describeActivity({ kind: 'status', from: 'new', to: 'spam' })).toBe('marked it as spam');
    expect(describeActivity({ kind: 'status', from: 'spam', to: 'new' })).toBe('marked it as not spam (status New)');
    expect(describeActivity({ kind: 'assignee', from: '', to: 'ana@x.example' })).toBe('assigned it to ana@x.example');
    expect(describeActivity({ kind: 'assignee', from: 'ana@x.example', to: 'ben@x.example' })).toBe(
      'reassigned it from ana@x.example to ben@x.example',
    );
    expect(describeActivity({ kind: 'assignee', from: 'ana@x.example', to: '' })).toBe('unassigned it (it was with ana@x.example)');
    expect(describeActivity({ kind: 'read', from: 'false', to: 'true' })).toBe('marked it read');
    expect(describeActivity({ kind: 'read', from: 'true', to: 'false' })).toBe('marked it unread');
    expect(describeActivity({ kind: 'note', from: '', to: '' })).toBe('added a note');
  });

  it('knows who marked a lead as spam, unless it was the spam trap or it was unmarked since', () => {
    const spam = { kind: 'status', from: 'new', to: 'spam', actor: 'ana@x.example' };
    const back = { kind: 'status', from: 'spam', to: 'new', actor: 'ben@x.example' };
    const note = { kind: 'note', from: '', to: '', actor: 'ben@x.example' };
    expect(markedSpamBy([spam, note])).toBe('ana@x.example');
    expect(markedSpamBy([spam, back])).toBeNull();
    expect(markedSpamBy([note])).toBeNull();
  });
});

describe('bulk changes', () => {
  it('says how many leads changed, and why fewer than selected', () => {
    expect(bulkResultText(3, 3, 'marked read')).toBe('3 leads updated');
    expect(bulkResultText(1, 1, 'marked read')).toBe('1 lead updated');
    expect(bulkResultText(2, 3, 'marked read')).toBe('2 leads updated (1 already was marked read)');
    expect(bulkResultText(0, 2, 'set to Won')).toBe('0 leads updated (2 already were set to Won)');
  });
});

describe('values seen in loaded leads', () => {
  it('collects cities, sources and assignees once each, sorted', () => {
    const seen = seenValues(
      [
        { city: 'phoenix', assignee: 'ben@x.example', attribution: { utmSource: 'google' } },
        { city: 'mesa', assignee: '', attribution: null },
        { city: 'phoenix', assignee: 'ana@x.example', attribution: { utmSource: '' } },
      ],
      ['ben@x.example', 'me@x.example'],
    );
    expect(seen).toEqual({
      cities: ['mesa', 'phoenix'],
      sources: ['direct', 'google'],
      assignees: ['ana@x.example', 'ben@x.example', 'me@x.example'],
    });
  });
});

describe('a history shown from its newest entries', () => {
  it('says how much of it is shown', () => {
    expect(activityShownText(50, 73)).toBe('The latest 50 of 73 entries');
    expect(activityShownText(73, 73)).toBe('All 73 entries');
    expect(activityShownText(1, 1)).toBe('All 1 entry');
    expect(activityShownText(50, null)).toBe('The latest 50 entries');
  });
});
