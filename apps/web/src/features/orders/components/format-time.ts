import { currentTag } from '../../../shared/i18n/i18n.ts';

/** An order time in the UI language (not the browser's). */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(currentTag(), { dateStyle: 'medium', timeStyle: 'short' });
}
