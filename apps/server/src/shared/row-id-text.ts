import { maxRowId } from '@crossmart/contract';

/**
 * Whether a search text is also a row id (admin searches take "a name, or an id"): digits within
 * PostgreSQL `integer`, so a longer number searches as text instead of failing the query.
 */
export function isRowIdText(text: string): boolean {
  return /^\d{1,10}$/.test(text) && Number(text) <= maxRowId;
}
