import type { Withdrawal } from '@crossmart/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { extractLogQuery } from '../api/audit-logs.ts';
import { AuditRecordList } from '../components/audit-record-list.tsx';
import '../wallet.css';

/** `/depositRecord`: the user's withdrawals with the audit filter. */
export default function DepositRecordPage() {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <AuditRecordList<Withdrawal>
      query={extractLogQuery}
      testId="withdrawal-record"
      title={(item) =>
        item.type === 'bank'
          ? `${t('wallet.toBank')} · ${item.bank_name ?? ''} ${item.bank_card ? `••${item.bank_card.slice(-4)}` : ''}`
          : `${t('wallet.toChain')} · ${item.network ?? ''}`
      }
      lines={(item) => (
        <p className="cm-record__line">
          {t('wallet.fee')}: {money(item.fee)} · {t('wallet.actualArrival')}: {money(item.actual_amount)}
        </p>
      )}
    />
  );
}
