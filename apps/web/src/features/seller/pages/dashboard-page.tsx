import { useQuery } from '@tanstack/react-query';
import { Card, Grid, List, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { getDashboard } from '../seller-api.ts';

function Figure({ label, value, onClick }: { label: string; value: string | number; onClick?: () => void }) {
  return (
    <button type="button" className="cm-seller-figure" onClick={onClick} disabled={!onClick}>
      <span className="cm-seller-figure__value">{value}</span>
      <span className="cm-seller-figure__label">{label}</span>
    </button>
  );
}

/** Today's and 30-day sales, work to do, money and the shop's visibility with its parts. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['seller', 'dashboard'], queryFn: getDashboard });
  if (!data) return <Skeleton.Paragraph lineCount={8} animated />;
  const v = data.visibility;
  return (
    <div className="cm-seller-page">
      <Card title={t('seller.sales')}>
        <Grid columns={2} gap={8}>
          <Figure label={t('seller.salesToday', { count: data.orders_today })} value={money(data.sales_today)} />
          <Figure label={t('seller.sales30d', { count: data.orders_30d })} value={money(data.sales_30d)} />
        </Grid>
      </Card>
      <Card title={t('seller.todo')}>
        <Grid columns={2} gap={8}>
          <Figure label={t('seller.toShip')} value={data.to_ship} onClick={() => navigate('/seller/orders?status=1')} />
          <Figure
            label={t('seller.openRefunds')}
            value={data.open_refunds}
            onClick={() => navigate('/seller/after-sale')}
          />
        </Grid>
      </Card>
      <Card title={t('seller.account')}>
        <Grid columns={3} gap={8}>
          <Figure label={t('seller.balance')} value={money(data.balance)} onClick={() => navigate('/seller/money')} />
          <Figure label={t('seller.fans')} value={data.fans} />
          <Figure label={t('seller.supportDays')} value={data.support_days} />
        </Grid>
      </Card>
      <Card title={t('seller.visibility')}>
        <div className="cm-seller-score">{v.score.toFixed(2)}</div>
        <List>
          <List.Item extra={Math.log10(1 + v.units_sold_30d).toFixed(2)} description={t('seller.scoreSalesHint')}>
            {t('seller.scoreSales', { count: v.units_sold_30d })}
          </List.Item>
          <List.Item extra={(2 * v.favourable_rate).toFixed(2)} description={t('seller.scoreRateHint')}>
            {t('seller.scoreRate', { rate: Math.round(v.favourable_rate * 100) })}
          </List.Item>
          <List.Item
            extra={(0.5 * Math.log2(1 + v.support_days_30d)).toFixed(2)}
            description={t('seller.scoreSupportHint')}
          >
            {t('seller.scoreSupport', { count: v.support_days_30d })}
          </List.Item>
        </List>
      </Card>
    </div>
  );
}
