import type { Address } from '@crossmart/contract';

/** The earliest deadline of several orders paid together: the payment must beat it. */
export function earliestDeadline(deadlines: ReadonlyArray<string | null | undefined>): string | undefined {
  let earliest: string | undefined;
  for (const deadline of deadlines) {
    if (deadline && (earliest === undefined || Date.parse(deadline) < Date.parse(earliest))) earliest = deadline;
  }
  return earliest;
}

/**
 * What the pay dialog does after a refusal: ask to set a payment code first, or stay open for another
 * try with the server's words, offering a top-up (short balance) or a new code (wrong code, lock).
 */
export type PayFailure = 'setPayCode' | 'topUp' | 'forgotCode' | 'retry';

export function payFailure(errorKey: string | undefined): PayFailure {
  if (errorKey === 'PAY_PASSWORD_NOT_SET') return 'setPayCode';
  if (errorKey === 'INSUFFICIENT_BALANCE') return 'topUp';
  if (errorKey === 'PAY_PASSWORD_WRONG' || errorKey === 'PAY_LOCKED') return 'forgotCode';
  return 'retry';
}

/**
 * The checkout's address: the one picked on `/address?select=1` while it is still in the book,
 * else the default, else the first; none for an empty book.
 */
export function checkoutAddress(book: readonly Address[] | undefined, pickedId: number | undefined) {
  if (!book || book.length === 0) return undefined;
  return book.find((address) => address.id === pickedId) ?? book.find((address) => address.is_default) ?? book[0];
}
