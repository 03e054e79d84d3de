import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Grid, List } from 'antd-mobile';
import { Link } from 'react-router';
import { currentTag } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { LineParts } from '../../../shared/ui/line-parts.tsx';
import { getDashboard, listSettlements } from '../seller-api.ts';

/** Settlements of completed orders (total, commission, net) and the wallet they reached. */
export default function MoneyPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const settlements = useQuery({ queryKey: ['seller', 'settlements'], queryFn: () => listSettlements(1) });
  const dashboard = useQuery({ queryKey: ['seller', 'dashboard'], queryFn: getDashboard });
  const page = settlements.data;
  return (
    <div className="cm-seller-page">
      <Card title={t('seller.balance')}>
        <div className="cm-seller-score" data-testid="seller-balance">
          {money(dashboard.data?.balance ?? 0)}
        </div>
        <Link to="/withDraw">
          <Button block color="primary" fill="outline">
            {t('seller.withdraw')}
          </Button>
        </Link>
      </Card>
      <Card title={t('seller.settlements')}>
        <Grid columns={3} gap={8}>
          <div className="cm-seller-figure">
            <span className="cm-seller-figure__value">{money(page?.sum_total ?? 0)}</span>
            <span className="cm-seller-figure__label">{t('seller.total')}</span>
          </div>
          <div className="cm-seller-figure">
            <span className="cm-seller-figure__value">{money(page?.sum_commission ?? 0)}</span>
            <span className="cm-seller-figure__label">{t('seller.commission')}</span>
          </div>
          <div className="cm-seller-figure">
            <span className="cm-seller-figure__value">{money(page?.sum_net ?? 0)}</span>
            <span className="cm-seller-figure__label">{t('seller.net')}</span>
          </div>
        </Grid>
        {page && page.list.length === 0 ? (
          <Empty description={t('seller.noSettlements')} />
        ) : (
          <List>
            {page?.list.map((row) => (
              <List.Item
                key={row.order_id}
                description={
                  <LineParts
                    parts={[
                      `${t('seller.total')} ${money(row.total)}`,
                      `${t('seller.commission')} ${money(row.commission)}`,
                      new Date(row.settled_at).toLocaleDateString(currentTag()),
                    ]}
                  />
                }
                extra={money(row.net)}
              >
                {row.order_no}
              </List.Item>
            ))}
          </List>
        )}
      </Card>
    </div>
  );
}
