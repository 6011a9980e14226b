import { PageContainer } from '@/components/layout/page-container';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/use-user';
import { CheckoutFlow } from '@/features/shop/components/checkout/checkout-flow';
import { CheckoutLoginStep } from '@/features/shop/components/checkout/checkout-login-step';

export function Component() {
  const { user, isLoading } = useUser();
  return (
    <PageContainer className="flex flex-col gap-8 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Checkout</h1>
      {isLoading ? (
        <Spinner label="Loading checkout" className="py-24" />
      ) : user ? (
        <CheckoutFlow />
      ) : (
        <CheckoutLoginStep />
      )}
    </PageContainer>
  );
}
