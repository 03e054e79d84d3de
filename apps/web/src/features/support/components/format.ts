import { currentTag } from '../../../shared/i18n/i18n.ts';

/** A record's time in the UI language (not the browser's). */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(currentTag(), { dateStyle: 'medium', timeStyle: 'short' });
}
