import ApplyPage from '../../features/seller/pages/apply-page.tsx';
import { PartnershipIntro } from '../../features/support/pages/platform-page.tsx';

/** Partnership (`/platform`): the partnership text, then the merchant application or its status. */
export default function PlatformScreen() {
  return <ApplyPage intro={<PartnershipIntro />} />;
}
