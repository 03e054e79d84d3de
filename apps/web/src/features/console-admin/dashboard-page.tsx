import type { Dashboard } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Skeleton, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useMoney } from '../../shared/lib/use-money.ts';
import { fetchDashboard } from './console-api.ts';

const periods = ['today', 'days7', 'days30'] as const;
/** Where each waiting queue is worked on. */
const queueLinks: Record<string, string> = {
  recharges: '/admin/recharges',
  withdrawals: '/admin/withdrawals',
  merchant_applications: '/admin/merchants',
  complaints: '/admin/complaints',
  service: '/admin/service',
};

/** Daily GMV as bars in plain SVG (30 days, oldest left): small enough not to need a chart library. */
function GmvChart({ series, label }: { series: Dashboard['daily_gmv']; label: string }) {
  const money = useMoney();
  const width = 720;
  const height = 160;
  const max = Math.max(1, ...series.map((point) => point.gmv));
  const step = width / series.length;
  return (
    <svg
      className="cm-console__chart"
      viewBox={`0 0 ${width} ${height + 20}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      <line x1={0} x2={width} y1={height} y2={height} stroke="#d9d9d9" />
      {series.map((point, index) => {
        const barHeight = Math.round((point.gmv / max) * (height - 8));
        return (
          <g key={point.day}>
            <rect
              x={index * step + 2}
              y={height - barHeight}
              width={Math.max(2, step - 4)}
              height={barHeight}
              rx={2}
              fill="#ff5a1f"
            >
              <title>{`${point.day}: ${money(point.gmv)}`}</title>
            </rect>
            {index % 5 === 4 && (
              <text x={index * step + step / 2} y={height + 14} fontSize={10} textAnchor="middle" fill="#8c8c8c">
                {point.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const { data } = useQuery({ queryKey: ['admin', 'dashboard'], queryFn: fetchDashboard });
  if (!data) return <Skeleton active />;
  return (
    <div className="cm-console__stack">
      <Row gutter={16}>
        {periods.map((period) => (
          <Col span={8} key={period}>
            <Card title={t(`adminConsole.period.${period}`)} size="small">
              <Row gutter={[8, 12]}>
                <Col span={12}>
                  <Statistic title={t('adminConsole.gmv')} value={money(data[period].gmv)} />
                </Col>
                <Col span={12}>
                  <Statistic title={t('adminConsole.paidOrders')} value={data[period].paid_orders} />
                </Col>
                <Col span={12}>
                  <Statistic title={t('adminConsole.newUsers')} value={data[period].new_users} />
                </Col>
                <Col span={12}>
                  <Statistic title={t('adminConsole.newShops')} value={data[period].new_shops} />
                </Col>
              </Row>
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        <Col span={16}>
          <Card title={t('adminConsole.dailyGmv')} size="small">
            <GmvChart series={data.daily_gmv} label={t('adminConsole.dailyGmv')} />
            <Typography.Text type="secondary">{t('adminConsole.timeZone', { zone: data.time_zone })}</Typography.Text>
          </Card>
        </Col>
        <Col span={8}>
          <Card title={t('adminConsole.queues')} size="small">
            <List
              dataSource={data.queues}
              renderItem={(queue) => (
                <List.Item extra={<Typography.Text strong>{queue.count}</Typography.Text>}>
                  <Link to={queueLinks[queue.key] ?? '/admin'}>{t(`adminConsole.queue.${queue.key}`)}</Link>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
