import { List } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline, MessageOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { ContentText } from '../components/content-text.tsx';
import '../support.css';

/** Help and support (docs/spec.md §2 `/helpAndSupport`): the server's text, then the ways to reach us. */
export default function HelpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page>
      <Section title={t('support.contactTitle')}>
        <List className="cm-menu">
          <List.Item prefix={<MessageOutline />} onClick={() => navigate('/service')}>
            {t('routes.service')}
          </List.Item>
          <List.Item prefix={<ExclamationCircleOutline />} onClick={() => navigate('/complaint')}>
            {t('routes.complaint')}
          </List.Item>
          <List.Item prefix={<FileOutline />} onClick={() => navigate('/myComplaints')}>
            {t('routes.myComplaints')}
          </List.Item>
        </List>
      </Section>
      <Section>
        <ContentText contentKey="help_support" />
      </Section>
    </Page>
  );
}
