import DetailPage from '../../features/catalog/pages/detail-page.tsx';

/**
 * Product detail with its cart actions. The cart feature is built separately: it replaces these two
 * handlers with "add the selection to the bag" and "go to checkout with it".
 */
export default function DetailScreen() {
  return <DetailPage onAddToCart={() => undefined} onBuyNow={() => undefined} />;
}
