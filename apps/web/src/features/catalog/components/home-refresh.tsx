import { clientConstants } from '@crossmart/contract/client';
import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/** Pull-to-refresh for home, loaded after the first render (its gesture library is not on the first load). */
export default function HomeRefresh({ onRefresh, children }: { onRefresh(): Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const { pullToRefresh } = clientConstants;
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      headHeight={pullToRefresh.headHeight}
      threshold={pullToRefresh.headHeight}
      completeDelay={pullToRefresh.successTextMs}
      pullingText={t('list.pullToRefresh')}
      canReleaseText={t('list.releaseToRefresh')}
      refreshingText={t('list.refreshing')}
      completeText={t('list.refreshed')}
    >
      {children}
    </PullToRefresh>
  );
}
