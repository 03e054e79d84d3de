import { useEffect, useState } from 'react';
import { currentTag } from '../i18n/i18n.ts';
import { dateTimeFormat, relativeTimeFormat } from './intl-cache.ts';

/** A record's or an order's time in the UI language (not the browser's). */
export function formatTime(iso: string, tag = currentTag()): string {
  return dateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A day in the UI language. */
export function formatDate(iso: string, tag = currentTag()): string {
  return dateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date(iso));
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * "just now", "3 minutes ago", "2 hours ago", "yesterday" in the UI language
 * (Intl.RelativeTimeFormat); a week or more back, the date and time instead. A time slightly in
 * the future (clock skew between the server and the phone) reads as now.
 */
export function formatRelative(iso: string, now: number = Date.now(), tag = currentTag()): string {
  const elapsed = now - Date.parse(iso);
  if (Number.isNaN(elapsed)) return '';
  const format = relativeTimeFormat(tag, { numeric: 'auto', style: 'long' });
  if (elapsed < minute) return format.format(0, 'second');
  if (elapsed < hour) return format.format(-Math.floor(elapsed / minute), 'minute');
  if (elapsed < day) return format.format(-Math.floor(elapsed / hour), 'hour');
  if (elapsed < 7 * day) return format.format(-Math.floor(elapsed / day), 'day');
  return formatTime(iso, tag);
}

/** The current time, renewed every `everyMs` while the screen is shown (relative times age). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
