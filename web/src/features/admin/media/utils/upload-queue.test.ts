import { describe, expect, it } from 'vitest';
import { nextUpload, uploadStatusText, uploadsReducer, type Upload } from './upload-queue';

const add = (state: Upload[], ...names: string[]) =>
  uploadsReducer(state, { type: 'add', uploads: names.map((name) => ({ id: name, name, size: 100 })) });

describe('uploadsReducer', () => {
  it('runs one upload at a time, in the order added', () => {
    let s = add([], 'a.jpg', 'b.png');
    expect(nextUpload(s)?.id).toBe('a.jpg');
    s = uploadsReducer(s, { type: 'start', id: 'a.jpg' });
    expect(nextUpload(s)).toBeUndefined();
    s = uploadsReducer(s, { type: 'done', id: 'a.jpg' });
    expect(nextUpload(s)?.id).toBe('b.png');
  });

  it('shows progress, then processing once every byte is sent', () => {
    let s = uploadsReducer(add([], 'a.jpg'), { type: 'start', id: 'a.jpg' });
    s = uploadsReducer(s, { type: 'progress', id: 'a.jpg', fraction: 0.42 });
    expect(uploadStatusText(s[0]!)).toBe('Uploading… 42%');
    // Progress never goes backwards.
    s = uploadsReducer(s, { type: 'progress', id: 'a.jpg', fraction: 0.3 });
    expect(s[0]?.progress).toBe(0.42);
    s = uploadsReducer(s, { type: 'progress', id: 'a.jpg', fraction: 1 });
    expect(s[0]?.status).toBe('processing');
    expect(uploadStatusText(s[0]!)).toBe('Processing…');
  });

  it('keeps the server’s message of a failure, and a cancel stays a cancel', () => {
    let s = uploadsReducer(add([], 'big.jpg', 'x.png'), { type: 'start', id: 'big.jpg' });
    s = uploadsReducer(s, { type: 'fail', id: 'big.jpg', message: 'Image must be 5 MB or smaller.' });
    expect(uploadStatusText(s[0]!)).toBe('Image must be 5 MB or smaller.');
    s = uploadsReducer(s, { type: 'start', id: 'x.png' });
    s = uploadsReducer(s, { type: 'cancel', id: 'x.png' });
    s = uploadsReducer(s, { type: 'fail', id: 'x.png', message: 'The upload was cancelled.' });
    expect(s[1]?.status).toBe('cancelled');
  });

  it('dismisses only finished uploads', () => {
    let s = uploadsReducer(add([], 'a.jpg', 'b.jpg', 'c.jpg'), { type: 'start', id: 'a.jpg' });
    s = uploadsReducer(s, { type: 'dismiss', id: 'a.jpg' });
    expect(s.map((u) => u.id)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    s = uploadsReducer(s, { type: 'done', id: 'a.jpg' });
    s = uploadsReducer(s, { type: 'cancel', id: 'c.jpg' });
    s = uploadsReducer(s, { type: 'clear-finished' });
    expect(s.map((u) => u.id)).toEqual(['b.jpg']);
  });
});
