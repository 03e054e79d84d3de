import type { CartLine } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cartCountKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { confirm, toast } from '../../../shared/ui/feedback.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { cartListQuery } from '../api/cart.ts';
import { boxProps, CartShop } from '../components/cart-shop.tsx';
import { useCartChange } from '../hooks/use-cart-change.ts';
import { groupCheck, selectAllChange, settleIds } from '../lib/cart-changes.ts';
import '../cart.css';
import { RecentlyViewed } from '../../../shared/ui/recently-viewed.tsx';

const available = (line: CartLine) => line.available;
const anyLine = () => true;

/**
 * The bag tab (docs/spec.md §2 `/bag`): lines per shop with boxes per line, per shop and for all, steppers,
 * swipe-to-delete and an edit mode that deletes the marked lines; the settle bar shows the
 * server's selected sum and goes to checkout with the chosen lines. Changes show at once.
 */
export default function BagPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const token = useSession((state) => state.token);
  const query = cartListQuery(i18n.language, token);
  const { data, isPending, isError, refetch } = useQuery(query);
  const change = useCartChange(query.queryKey);
  const [editing, setEditing] = useState(false);
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set());
  const queryClient = useQueryClient();

  // The list carries the unit count too: the badge follows it without a call of its own.
  const count = data?.count;
  useEffect(() => {
    if (count !== undefined) queryClient.setQueriesData<number>({ queryKey: cartCountKey }, count);
  }, [count, queryClient]);

  const lines = data?.shops.flatMap((shop) => shop.items) ?? [];
  const isEmpty = !isPending && lines.length === 0;
  // Settling: the server's `selected` flag on lines still on sale. Editing: a local mark per line.
  const choosable = editing ? anyLine : available;
  const isChecked = editing ? (line: CartLine) => marked.has(line.id) : (line: CartLine) => line.selected;
  const allState = groupCheck(lines.filter(choosable), isChecked);
  const markedCount = lines.filter((line) => marked.has(line.id)).length;
  // Nothing left to edit: leave edit mode (its button is gone with the lines).
  if (editing && isEmpty) setEditing(false);

  function checkLines(ids: number[], checked: boolean) {
    if (ids.length === 0) return;
    if (editing) {
      setMarked((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (checked) next.add(id);
          else next.delete(id);
        }
        return next;
      });
    } else {
      change.mutate({ kind: 'select', ids, selected: checked });
    }
  }

  function checkAll(checked: boolean) {
    if (editing) setMarked(checked ? new Set(lines.map((line) => line.id)) : new Set());
    else if (data) change.mutate(selectAllChange(data, checked));
  }

  function remove(ids: number[]) {
    change.mutate(
      { kind: 'delete', ids },
      {
        onSuccess: () => toast(t('success.delete'), 'success'),
      },
    );
    setMarked((current) => new Set([...current].filter((id) => !ids.includes(id))));
  }

  async function removeMarked() {
    const ids = lines.filter((line) => marked.has(line.id)).map((line) => line.id);
    if (ids.length === 0) return toast(t('cart.markToDelete'));
    const sure = await confirm({
      content: t('cart.deleteConfirm', { count: ids.length }),
      confirmText: t('cart.delete'),
    });
    if (!sure) return;
    remove(ids);
    if (ids.length === lines.length) setEditing(false);
  }

  function settle() {
    const ids = settleIds(data);
    if (ids.length === 0) return toast(t('messages.selectItem'));
    navigate(`/checkout?cart_ids=${ids.join(',')}`);
  }

  return (
    <Page
      className="cm-bag-page"
      right={
        lines.length > 0 && (
          <button
            type="button"
            className="cm-link"
            aria-pressed={editing}
            onClick={() => {
              setEditing(!editing);
              setMarked(new Set());
            }}
            data-testid="bag-edit"
          >
            {editing ? t('cart.done') : t('cart.edit')}
          </button>
        )
      }
    >
      {isPending && token ? (
        <ListSkeleton rows={3} />
      ) : isError && !data ? (
        <LoadError onRetry={() => refetch()} />
      ) : isEmpty || !data ? (
        <>
          <EmptyState kind="noProducts" description={t('bag.emptyHint')}>
            <Link to="/home" className="cm-pill">
              {t('common.goShopping')}
            </Link>
          </EmptyState>
          <RecentlyViewed />
        </>
      ) : (
        <>
          {data.shops.map((shop) => (
            <CartShop
              key={shop.shop_id}
              shop={shop}
              editing={editing}
              choosable={choosable}
              isChecked={isChecked}
              onCheckLines={checkLines}
              onQuantity={(line, quantity) => change.mutate({ kind: 'quantity', id: line.id, quantity })}
              onDelete={(line) => remove([line.id])}
            />
          ))}
          <p className="cm-bag-hint">{t('cart.swipeHint')}</p>
          <div className="cm-settle-bar" data-testid="settle-bar">
            <Checkbox
              className="cm-bag-check"
              {...boxProps(allState)}
              disabled={lines.filter(choosable).length === 0}
              onChange={checkAll}
            >
              {t('bag.selectAll')}
            </Checkbox>
            {editing ? (
              <Button
                className="cm-settle-bar__button"
                color="danger"
                fill="outline"
                shape="rounded"
                onClick={() => void removeMarked()}
                data-testid="bag-delete"
              >
                {t('cart.deleteCount', { count: markedCount })}
              </Button>
            ) : (
              <>
                <p className="cm-settle-bar__total">
                  <span>{t('bag.total')}</span>
                  <b className="cm-bag-price cm-bag-price--total" data-testid="bag-total">
                    {money(data.selected_amount)}
                  </b>
                </p>
                <Button
                  className="cm-settle-bar__button"
                  color="primary"
                  shape="rounded"
                  onClick={settle}
                  data-testid="bag-settle"
                >
                  {t('cart.settleCount', { count: data.selected_count })}
                </Button>
              </>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
