import { type Address, addressLimits } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { addressListKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useBack } from '../../../shared/navigation/use-back.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { confirm, toast } from '../../../shared/ui/feedback.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { addressListQuery, deleteAddress, setDefaultAddress } from '../api/addresses.ts';
import { AddressCard } from '../components/address-card.tsx';
import '../address.css';

/** What `/address?select=1` hands back to the screen that opened it (session `backData`). */
export interface ChosenAddress {
  kind: 'address';
  address: Address;
}

/**
 * Shipping addresses (docs/spec.md §2 `/address`): the default first with its badge; set default, edit,
 * delete (with a confirmation), add. Opened with `?select=1` (checkout), tapping an address stores
 * it in the session's `backData` and goes back.
 */
export default function AddressListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useBack();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const selecting = search.get('select') === '1';
  const { data, isPending, isError, refetch } = useQuery(addressListQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressListKey });

  async function makeDefault(address: Address) {
    await setDefaultAddress(address.id);
    toast(t('success.save'), 'success');
    await refresh();
  }

  async function remove(address: Address) {
    const sure = await confirm({ content: t('address.deleteConfirm'), confirmText: t('address.delete') });
    if (!sure) return;
    await deleteAddress(address.id);
    toast(t('success.delete'), 'success');
    await refresh();
  }

  function choose(address: Address) {
    const chosen: ChosenAddress = { kind: 'address', address };
    useSession.getState().setBackData(chosen);
    goBack();
  }

  const count = data?.length ?? 0;
  const full = count >= addressLimits.maxPerUser;
  const addButton = (
    <Button
      color="primary"
      shape="rounded"
      size="large"
      block
      disabled={full}
      onClick={() => navigate('/addressForm')}
      data-testid="address-add"
    >
      <AddOutline /> {t('address.add')}
    </Button>
  );
  const ignore = (work: Promise<unknown>) => void work.catch(() => undefined);

  return (
    <Page className="cm-address-page">
      {isPending ? (
        <ListSkeleton rows={3} thumb={false} />
      ) : isError ? (
        <LoadError onRetry={() => refetch()} />
      ) : count === 0 ? (
        <EmptyState kind="noRecords" description={t('address.empty')}>
          <p className="cm-hint">{t('address.emptyHint')}</p>
        </EmptyState>
      ) : (
        <>
          {selecting && <p className="cm-hint">{t('address.select')}</p>}
          <ul className="cm-address-list" aria-label={t('routes.address')}>
            {data?.map((address) => (
              <AddressCard
                key={address.id}
                address={address}
                {...(selecting ? { onChoose: choose } : {})}
                onSetDefault={(a) => ignore(makeDefault(a))}
                onEdit={(a) => navigate(`/addressForm/${a.id}`)}
                onDelete={(a) => ignore(remove(a))}
              />
            ))}
          </ul>
          <p className="cm-address-count">{t('address.limit', { count, max: addressLimits.maxPerUser })}</p>
        </>
      )}
      <div className="cm-address-page__footer">{addButton}</div>
    </Page>
  );
}
