import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';

/**
 * Product detail (spec §2 `/detail/:product?/:mer?`), the one screen that is not kept alive.
 * The catalog issue fills it; until then it shows its layout with the "no specs" state.
 */
export default function DetailScreen() {
  const { t } = useTranslation();
  const { product } = useParams();
  return (
    <Page>
      <div className="cm-detail" data-product={product ?? ''}>
        <Skeleton animated className="cm-detail__gallery" />
        <Section>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </Section>
        <Section title={t('detail.specs')}>
          <EmptyState kind="noSpecs" />
        </Section>
        <Section title={t('detail.description')}>
          <Skeleton.Paragraph lineCount={8} animated />
        </Section>
        <Section title={t('detail.shop')}>
          <Skeleton.Paragraph lineCount={4} animated />
        </Section>
      </div>
      <div className="cm-action-bar">
        <button type="button" className="cm-action-bar__secondary" disabled>
          {t('detail.addToBag')}
        </button>
        <button type="button" className="cm-action-bar__primary" disabled>
          {t('detail.buyNow')}
        </button>
      </div>
    </Page>
  );
}
