import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from './countdown.ts';

describe('pay deadline countdown', () => {
  const deadline = '2026-11-21T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('measures the time left, never below zero', () => {
    expect(remainingMs(deadline, at('2026-11-21T09:30:00.000Z'))).toBe(30 * 60_000);
    expect(remainingMs(deadline, at('2026-11-21T10:00:05.000Z'))).toBe(0);
    expect(remainingMs('not a date', 0)).toBe(0);
  });
  it('reads mm:ss under an hour', () => {
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(29 * 60_000 + 5_000)).toBe('29:05');
    expect(formatCountdown(59_000)).toBe('00:59');
  });
  it('rounds seconds up, so 00:00 means over', () => {
    expect(formatCountdown(400)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3_000)).toBe('00:00');
  });
  it('reads h:mm:ss from an hour on', () => {
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(2 * 3_600_000 + 3 * 60_000 + 4_000)).toBe('2:03:04');
  });
});
