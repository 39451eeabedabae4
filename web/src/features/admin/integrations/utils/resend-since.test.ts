import { describe, expect, it } from 'vitest';
import { defaultSince, fromLocalInput, sinceProblem, toLocalInput } from './resend-since';

describe('the datetime-local value', () => {
  it('round-trips in the browser’s own time zone', () => {
    const d = new Date(2026, 10, 27, 9, 5, 0);
    expect(toLocalInput(d)).toBe('2026-11-27T09:05');
    expect(fromLocalInput('2026-11-27T09:05')?.getTime()).toBe(d.getTime());
    expect(fromLocalInput('2026-11-27T09:05:30')?.getSeconds()).toBe(30);
  });

  it('refuses what is not a time', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('yesterday')).toBeNull();
    expect(fromLocalInput('2026-02-30T10:00')).toBeNull();
    expect(fromLocalInput('2026-11-27')).toBeNull();
  });

  it('starts a day back', () => {
    const now = new Date(2026, 10, 28, 12, 30, 45);
    expect(defaultSince(now)).toBe('2026-11-27T12:30');
  });

  it('asks for a time in the past', () => {
    const now = new Date(2026, 10, 28, 12, 30);
    expect(sinceProblem('2026-11-27T12:30', now)).toBeNull();
    expect(sinceProblem('', now)).toBe('Enter the date and time to resend from.');
    expect(sinceProblem('2026-11-29T00:00', now)).toBe('Choose a time in the past.');
  });
});
