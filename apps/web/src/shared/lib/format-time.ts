import { currentTag } from '../i18n/i18n.ts';

/** A record's or an order's time in the UI language (not the browser's). */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(currentTag(), { dateStyle: 'medium', timeStyle: 'short' });
}
