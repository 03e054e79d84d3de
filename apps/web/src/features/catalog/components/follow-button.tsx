import { AddOutline, CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFollow } from '../hooks/use-follow.ts';

/** The follow pill of the shop header and the detail's shop card. */
export function FollowButton({
  shopId,
  isFollowed,
  tone = 'brand',
}: {
  shopId: number;
  isFollowed: boolean;
  tone?: 'brand' | 'light';
}) {
  const { t } = useTranslation();
  const follow = useFollow(shopId);
  return (
    <button
      type="button"
      className={`cm-follow cm-follow--${tone}${isFollowed ? ' cm-follow--on' : ''}`}
      aria-pressed={isFollowed}
      disabled={follow.pending}
      onClick={() => follow.toggle(isFollowed)}
      data-testid="follow-button"
    >
      {isFollowed ? <CheckOutline aria-hidden="true" /> : <AddOutline aria-hidden="true" />}
      {t(isFollowed ? 'catalog.following' : 'catalog.follow')}
    </button>
  );
}
