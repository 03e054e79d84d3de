import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative, formatTime } from './format-time.ts';

const now = Date.parse('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('times in the UI language (issue 16)', () => {
  it('says how long ago in each language', () => {
    expect(formatRelative(ago(20_000), now, 'en')).toBe('now');
    expect(formatRelative(ago(3 * 60_000), now, 'en')).toBe('3 minutes ago');
    expect(formatRelative(ago(3 * 60_000), now, 'ja')).toBe('3 分前');
    expect(formatRelative(ago(2 * 3_600_000), now, 'de')).toBe('vor 2 Stunden');
    expect(formatRelative(ago(26 * 3_600_000), now, 'fr')).toBe('hier');
    expect(formatRelative(ago(3 * 60_000), now, 'ar')).toBe('قبل 3 دقائق');
    expect(formatRelative(ago(5 * 60_000), now, 'ur')).toBe('5 منٹ پہلے');
    expect(formatRelative(ago(3 * 60_000), now, 'ru')).toBe('3 минуты назад');
  });
  it('reads a time slightly in the future as now, and a week back as a date', () => {
    expect(formatRelative(new Date(now + 5_000).toISOString(), now, 'en')).toBe('now');
    expect(formatRelative(ago(8 * 86_400_000), now, 'en')).toBe(formatTime(ago(8 * 86_400_000), 'en'));
  });
  it('formats dates in the language, not the browser', () => {
    expect(formatDate('2026-05-10T12:00:00Z', 'ja')).toBe('2026/05/10');
    expect(formatDate('2026-05-10T12:00:00Z', 'de')).toBe('10.05.2026');
  });
});
