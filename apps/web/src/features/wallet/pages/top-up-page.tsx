import { List } from 'antd-mobile';
import { BankcardOutline, ClockCircleOutline, LinkOutline, MessageOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Page } from '../../../shared/ui/page.tsx';
import '../wallet.css';

/** `/topUp`: choose how to recharge (docs/product-rules.md §4). */
export default function TopUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page>
      <List header={t('wallet.chooseMethod')} className="cm-card-list">
        <List.Item
          prefix={<LinkOutline />}
          description={t('wallet.methodChainHint')}
          onClick={() => navigate('/walletTopUp')}
        >
          {t('wallet.methodChain')}
        </List.Item>
        <List.Item
          prefix={<BankcardOutline />}
          description={t('wallet.methodBankHint')}
          onClick={() => navigate('/cardTopUp')}
        >
          {t('wallet.methodBank')}
        </List.Item>
        <List.Item
          prefix={<MessageOutline />}
          description={t('wallet.methodManualHint')}
          onClick={() => navigate('/service?context=manual_recharge')}
        >
          {t('wallet.methodManual')}
        </List.Item>
      </List>
      <List className="cm-card-list">
        <List.Item prefix={<ClockCircleOutline />} onClick={() => navigate('/topUpRecord')}>
          {t('routes.topUpRecord')}
        </List.Item>
      </List>
    </Page>
  );
}
