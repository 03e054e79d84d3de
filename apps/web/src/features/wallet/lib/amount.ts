export { withdrawalFee as feeOf } from '@crossmart/contract';

/** Parses a typed amount in currency units into integer minor units; NaN when not a positive amount. */
export function toMinor(text: string, exponent: number): number {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return Number.NaN;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > exponent) return Number.NaN;
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) && minor > 0 ? minor : Number.NaN;
}
