/** The largest id the contract accepts (a PostgreSQL integer). */
const maxId = 2_147_483_647;

/** Reads a positive integer id (digits only) from a route or search parameter; anything else is undefined. */
export function parseId(text: string | null | undefined, max = maxId): number | undefined {
  if (!text || !/^\d{1,10}$/.test(text.trim())) return undefined;
  const value = Number(text.trim());
  return value >= 1 && value <= max ? value : undefined;
}
