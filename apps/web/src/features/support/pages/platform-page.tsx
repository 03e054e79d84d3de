import { ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { ContentText } from '../components/content-text.tsx';
import '../support.css';

/**
 * Partnership (spec §2 `/platform`): the server's text and the merchant entry. The application
 * form belongs to the merchant-registration issue; until it exists the entry leads to the seller
 * platform's sign-in, which approved merchants use.
 */
export default function PlatformPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <div className="cm-partner-hero">
        <ShopbagOutline className="cm-partner-hero__icon" />
        <p className="cm-partner-hero__title">{t('support.partnerTitle')}</p>
        <p className="cm-partner-hero__text">{t('support.partnerSubtitle')}</p>
      </div>
      <Section title={t('support.merchantRegistration')}>
        <p className="cm-hint">{t('support.merchantRegistrationHint')}</p>
        <Link to="/seller/login" className="cm-pill cm-partner__entry" data-testid="merchant-entry">
          {t('support.merchantSignIn')}
        </Link>
      </Section>
      <Section>
        <ContentText contentKey="platform" />
      </Section>
    </Page>
  );
}
