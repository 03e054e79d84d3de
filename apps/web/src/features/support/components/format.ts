import { currentTag } from '../../../shared/i18n/i18n.ts';
import { dateTimeFormat } from '../../../shared/lib/intl-cache.ts';

/** A record's time in the UI language (not the browser's). */
export function formatDateTime(iso: string): string {
  return dateTimeFormat(currentTag(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
