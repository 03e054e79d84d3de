import { Fragment, type ReactNode } from 'react';

/**
 * One line of parts ("A · B · C"), each in its own bidi isolate: in a right-to-left line a Latin
 * name, an order number, an amount or a date keeps its place and its own order instead of merging
 * with its neighbours. Empty parts are left out.
 */
export function LineParts({ parts }: { parts: readonly ReactNode[] }) {
  const shown = parts.filter((part) => part !== null && part !== undefined && part !== false && part !== '');
  return (
    <>
      {shown.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a part's place in the line is its identity
        <Fragment key={index}>
          {index > 0 && ' · '}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </>
  );
}
