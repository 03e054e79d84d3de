import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { cartKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { addToCart } from '../api/cart.ts';

/** What the product detail hands over: the chosen SKU and quantity. */
export interface ChosenSku {
  sku_id: number;
  quantity: number;
}

/**
 * "Add to bag" and "buy now" of the product detail. Both need a login: visitors go to /login.
 * Adding refreshes the bag and its badge; the server refuses more than the stock
 * (INSUFFICIENT_STOCK), and the API client shows its message.
 */
export function useCartActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (chosen: ChosenSku) => addToCart(chosen.sku_id, chosen.quantity),
    onSuccess: () => {
      toast(t('detail.addedToBag'), 'success');
      return queryClient.invalidateQueries({ queryKey: cartKey });
    },
  });
  return {
    adding: add.isPending,
    addToCart(chosen: ChosenSku) {
      if (!token) navigate('/login');
      else if (!add.isPending) add.mutate(chosen);
    },
    buyNow(chosen: ChosenSku) {
      // The checkout screen reads `sku_id` + `quantity` from the address (buy now skips the bag).
      navigate(token ? `/checkout?sku_id=${chosen.sku_id}&quantity=${chosen.quantity}` : '/login');
    },
  };
}
