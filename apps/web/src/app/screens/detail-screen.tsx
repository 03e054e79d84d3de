import { useCartActions } from '../../features/cart/hooks/use-cart-actions.ts';
import DetailPage from '../../features/catalog/pages/detail-page.tsx';

/** Product detail with its cart actions: "add to bag" (POST /api/cart/add) and "buy now" (checkout). */
export default function DetailScreen() {
  const cart = useCartActions();
  return <DetailPage onAddToCart={cart.addToCart} onBuyNow={cart.buyNow} />;
}
