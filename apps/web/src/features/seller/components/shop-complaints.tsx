import type { Complaint } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Tag } from 'antd-mobile';
import { currentTag } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { listShopComplaints } from '../seller-api.ts';

function ComplaintCard({ complaint }: { complaint: Complaint }) {
  const { t } = useTranslation();
  const handled = complaint.status === 1;
  return (
    <Card
      title={new Date(complaint.created_at).toLocaleString(currentTag())}
      extra={
        <Tag color={handled ? 'success' : 'warning'}>{t(handled ? 'support.statusHandled' : 'support.statusOpen')}</Tag>
      }
    >
      <p dir="auto">{complaint.content}</p>
      {complaint.reply && (
        <p className="cm-seller-reply" dir="auto">
          {t('support.platformReply')}: <bdi>{complaint.reply}</bdi>
        </p>
      )}
    </Card>
  );
}

/** Complaints buyers filed about the merchant's own shop, with the platform's answers (read only). */
export function ShopComplaints() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['seller', 'complaints'], queryFn: listShopComplaints });
  return (
    <section aria-labelledby="seller-complaints">
      <h2 id="seller-complaints" className="cm-seller-heading">
        {t('seller.complaints')}
      </h2>
      {data && data.list.length === 0 && <Empty description={t('seller.noComplaints')} />}
      {data?.list.map((complaint) => (
        <ComplaintCard key={complaint.id} complaint={complaint} />
      ))}
    </section>
  );
}
