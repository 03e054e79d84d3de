import type { CartLine, CartList } from '@crossmart/contract';

/** The most a line may hold: the server's bound (contract `cartQuantitySchema`). */
export const maxLineQuantity = 9999;

/** One user change to the bag, applied at once on screen (optimistic) and then sent to the server. */
export type CartChange =
  | { kind: 'quantity'; id: number; quantity: number }
  | { kind: 'select'; ids: readonly number[]; selected: boolean }
  | { kind: 'selectAll'; selected: boolean }
  | { kind: 'delete'; ids: readonly number[] };

/** The stepper's upper bound: the SKU's stock, never above the server's 9999, never below 1. */
export function lineMax(line: Pick<CartLine, 'stock'>): number {
  return Math.max(1, Math.min(line.stock, maxLineQuantity));
}

/**
 * The bag after a change, as the server will answer it: lines changed or removed, empty shops
 * dropped, and the badge count and selected sum re-derived from the lines with the server's rule
 * (selected and available lines only). Shown until the server's own list replaces it.
 */
export function applyCartChange(list: CartList, change: CartChange): CartList {
  const ids = change.kind === 'select' || change.kind === 'delete' ? new Set(change.ids) : undefined;
  const shops = list.shops
    .map((shop) => ({
      ...shop,
      items: shop.items.flatMap((line): CartLine[] => {
        if (change.kind === 'delete') return ids?.has(line.id) ? [] : [line];
        if (change.kind === 'selectAll') return [{ ...line, selected: change.selected }];
        if (change.kind === 'select') return [ids?.has(line.id) ? { ...line, selected: change.selected } : line];
        if (line.id !== change.id) return [line];
        return [{ ...line, quantity: Math.min(Math.max(1, change.quantity), lineMax(line)) }];
      }),
    }))
    .filter((shop) => shop.items.length > 0);
  return summarize(shops);
}

function summarize(shops: CartList['shops']): CartList {
  const lines = shops.flatMap((shop) => shop.items);
  let count = 0;
  let selectedCount = 0;
  let selectedAmount = 0;
  for (const line of lines) {
    count += line.quantity;
    if (line.selected && line.available) {
      selectedCount += line.quantity;
      selectedAmount += line.price * line.quantity;
    }
  }
  return {
    shops,
    count,
    selected_count: selectedCount,
    selected_amount: selectedAmount,
    all_selected: lines.length > 0 && lines.every((line) => line.selected),
  };
}

/** The lines "Settle" takes to checkout: selected and still on sale. */
export function settleIds(list: CartList | undefined): number[] {
  return (list?.shops ?? []).flatMap((shop) =>
    shop.items.filter((line) => line.selected && line.available).map((line) => line.id),
  );
}

export type CheckState = 'all' | 'some' | 'none';

/**
 * A group checkbox (a shop, or "select all") over the lines that may be chosen. Settling counts
 * available lines only; in edit mode every line may be chosen for deletion.
 */
export function groupCheck(lines: readonly CartLine[], isChecked: (line: CartLine) => boolean): CheckState {
  if (lines.length === 0) return 'none';
  const checked = lines.filter(isChecked).length;
  if (checked === 0) return 'none';
  return checked === lines.length ? 'all' : 'some';
}

/** The lines a group checkbox changes when it turns `checked`: those not already so. */
export function linesToFlip(lines: readonly CartLine[], isChecked: (line: CartLine) => boolean, checked: boolean) {
  return lines.filter((line) => isChecked(line) !== checked).map((line) => line.id);
}

/**
 * "Select all" for settling. Unselecting clears every line in one call; selecting takes the
 * available lines only, and uses the one-call `select_all` only when that would not also select a
 * line that is off sale (which would then count in the server's selected sum).
 */
export function selectAllChange(list: CartList, selected: boolean): CartChange {
  if (!selected) return { kind: 'selectAll', selected: false };
  const lines = list.shops.flatMap((shop) => shop.items);
  if (lines.every((line) => line.available || line.selected)) return { kind: 'selectAll', selected: true };
  return {
    kind: 'select',
    ids: lines.filter((line) => line.available && !line.selected).map((line) => line.id),
    selected: true,
  };
}
