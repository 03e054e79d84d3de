import type { Recharge } from '@crossmart/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { rechargeLogQuery } from '../api/audit-logs.ts';
import { AuditRecordList } from '../components/audit-record-list.tsx';
import '../wallet.css';

/** `/topUpRecord`: the user's recharges with the audit filter, pull-to-refresh and load-more. */
export default function TopUpRecordPage() {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <AuditRecordList<Recharge>
      query={rechargeLogQuery}
      testId="recharge-record"
      title={(item) => (
        <>
          {t(`wallet.method_${item.method}`)}
          {item.network ? ` · ${item.network} ${item.coin ?? ''}` : ''}
        </>
      )}
      lines={(item) =>
        item.status === 1 &&
        item.actual_amount !== null && (
          <p className="cm-record__line">
            {t('wallet.actualArrival')}: {money(item.actual_amount)}
          </p>
        )
      }
    />
  );
}
