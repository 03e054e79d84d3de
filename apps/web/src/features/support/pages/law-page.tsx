import { Page, Section } from '../../../shared/ui/page.tsx';
import { ContentText } from '../components/content-text.tsx';
import '../support.css';

/** Law and policy (docs/spec.md §2 `/law`): terms, privacy and refund policy from the server. */
export default function LawPage() {
  return (
    <Page>
      <Section>
        <ContentText contentKey="law" />
      </Section>
    </Page>
  );
}
