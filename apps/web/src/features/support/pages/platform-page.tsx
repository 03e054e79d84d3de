import { ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Section } from '../../../shared/ui/page.tsx';
import { ContentText } from '../components/content-text.tsx';
import '../support.css';

/**
 * Partnership (`/platform`): the server's partnership text above the merchant application form,
 * which the route composes from the seller feature.
 */
export function PartnershipIntro() {
  const { t } = useTranslation();
  return (
    <>
      <div className="cm-partner-hero">
        <ShopbagOutline className="cm-partner-hero__icon" />
        <p className="cm-partner-hero__title">{t('support.partnerTitle')}</p>
        <p className="cm-partner-hero__text">{t('support.partnerSubtitle')}</p>
      </div>
      <Section>
        <ContentText contentKey="platform" />
      </Section>
    </>
  );
}
