/** Typed amounts in currency units ⇄ integer minor units (the API's unit). */

/** Parses a typed amount into minor units; NaN when it is not a number with at most `exponent` decimals. */
export function toMinor(text: string, exponent: number): number {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return Number.NaN;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > exponent) return Number.NaN;
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : Number.NaN;
}

/** Minor units as the plain number a user types (no currency sign, no grouping): 1234 → "12.34" for exponent 2. */
export function toMajorText(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(exponent + 1, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
}

/** The amount the form starts with: the link's amount when given and allowed, else everything refundable. */
export function initialAmount(refundable: number, linked: number | undefined): number {
  if (linked === undefined || !Number.isSafeInteger(linked) || linked <= 0) return refundable;
  return Math.min(linked, refundable);
}
