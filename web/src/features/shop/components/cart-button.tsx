import { ShoppingCart } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useCart } from '../cart/cart-provider';

/** Spec §2: "Cart (n)" goes to /checkout when the cart has items. */
export function CartButton() {
  const { count } = useCart();
  const navigate = useNavigate();
  return (
    <Button onClick={() => navigate('/checkout')} disabled={count === 0}>
      <ShoppingCart className="h-4 w-4" aria-hidden="true" />
      Cart ({count})
    </Button>
  );
}
