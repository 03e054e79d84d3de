import type { CartLine, CartList } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { applyCartChange, groupCheck, lineMax, linesToFlip, selectAllChange, settleIds } from './cart-changes.ts';

function line(id: number, patch: Partial<CartLine> = {}): CartLine {
  return {
    id,
    sku_id: id * 10,
    quantity: 1,
    selected: true,
    product_id: id * 100,
    title: `Product ${id}`,
    image: '',
    specs: [],
    price: 1000,
    stock: 5,
    available: true,
    ...patch,
  };
}

/** A bag as the server answers it: totals derived with the server's rule. */
function bag(shops: Array<[number, CartLine[]]>): CartList {
  return applyCartChange(
    {
      shops: shops.map(([shopId, items]) => ({ shop_id: shopId, shop_name: `Shop ${shopId}`, shop_logo: '', items })),
      count: 0,
      selected_count: 0,
      selected_amount: 0,
      all_selected: false,
    },
    { kind: 'select', ids: [], selected: true },
  );
}

describe('applyCartChange (optimistic bag)', () => {
  const list = bag([
    [1, [line(1, { quantity: 2, price: 1200 }), line(2, { selected: false, price: 500 })]],
    [2, [line(3, { price: 300, available: false, stock: 0 })]],
  ]);

  it('derives the badge count and the selected sum from available, selected lines', () => {
    expect(list.count).toBe(4);
    expect(list.selected_count).toBe(2);
    expect(list.selected_amount).toBe(2400);
    expect(list.all_selected).toBe(false);
  });

  it('changes a quantity within 1..stock and re-derives the totals', () => {
    const more = applyCartChange(list, { kind: 'quantity', id: 1, quantity: 4 });
    expect(more.shops[0]?.items[0]?.quantity).toBe(4);
    expect(more.count).toBe(6);
    expect(more.selected_amount).toBe(4800);
    expect(applyCartChange(list, { kind: 'quantity', id: 1, quantity: 99 }).shops[0]?.items[0]?.quantity).toBe(5);
    expect(applyCartChange(list, { kind: 'quantity', id: 1, quantity: 0 }).shops[0]?.items[0]?.quantity).toBe(1);
  });

  it('selects lines; an unavailable selected line never counts in the sum', () => {
    const selected = applyCartChange(list, { kind: 'select', ids: [2, 3], selected: true });
    expect(selected.selected_amount).toBe(2900);
    expect(selected.selected_count).toBe(3);
    expect(selected.all_selected).toBe(true);
    const none = applyCartChange(list, { kind: 'selectAll', selected: false });
    expect(none.selected_amount).toBe(0);
    expect(none.shops.flatMap((shop) => shop.items).every((item) => !item.selected)).toBe(true);
  });

  it('deletes lines and drops a shop left empty', () => {
    const left = applyCartChange(list, { kind: 'delete', ids: [3, 2] });
    expect(left.shops.map((shop) => shop.shop_id)).toEqual([1]);
    expect(left.count).toBe(2);
    const empty = applyCartChange(left, { kind: 'delete', ids: [1] });
    expect(empty).toEqual({ shops: [], count: 0, selected_count: 0, selected_amount: 0, all_selected: false });
  });

  it('leaves the input untouched (the rollback snapshot)', () => {
    const before = JSON.stringify(list);
    applyCartChange(list, { kind: 'delete', ids: [1, 2, 3] });
    applyCartChange(list, { kind: 'quantity', id: 1, quantity: 3 });
    expect(JSON.stringify(list)).toBe(before);
  });
});

describe('bag selection helpers', () => {
  it('bounds the stepper by stock and 9999', () => {
    expect(lineMax({ stock: 7 })).toBe(7);
    expect(lineMax({ stock: 50_000 })).toBe(9999);
    expect(lineMax({ stock: 0 })).toBe(1);
  });

  it('settles only selected, available lines', () => {
    const list = bag([[1, [line(1), line(2, { selected: false }), line(3, { available: false })]]]);
    expect(settleIds(list)).toEqual([1]);
    expect(settleIds(undefined)).toEqual([]);
  });

  it('reads a group checkbox as all, some or none', () => {
    const selected = (item: CartLine) => item.selected;
    expect(groupCheck([line(1), line(2)], selected)).toBe('all');
    expect(groupCheck([line(1), line(2, { selected: false })], selected)).toBe('some');
    expect(groupCheck([line(1, { selected: false })], selected)).toBe('none');
    expect(groupCheck([], selected)).toBe('none');
  });

  it('flips only the lines of a group that are not already as asked', () => {
    const selected = (item: CartLine) => item.selected;
    const lines = [line(1), line(2, { selected: false }), line(3)];
    expect(linesToFlip(lines, selected, true)).toEqual([2]);
    expect(linesToFlip(lines, selected, false)).toEqual([1, 3]);
  });

  it('select all uses one call unless it would select a line that is off sale', () => {
    const onSale = bag([[1, [line(1, { selected: false }), line(2)]]]);
    expect(selectAllChange(onSale, true)).toEqual({ kind: 'selectAll', selected: true });
    const withOff = bag([[1, [line(1, { selected: false }), line(2), line(3, { available: false, selected: false })]]]);
    expect(selectAllChange(withOff, true)).toEqual({ kind: 'select', ids: [1], selected: true });
    expect(selectAllChange(withOff, false)).toEqual({ kind: 'selectAll', selected: false });
  });
});
