import { PageContainer } from '@/components/layout/page-container';
import { useUser } from '@/features/auth/api/use-user';
import { SignupDialog } from '@/features/auth/components/signup-dialog';
import { CartButton } from '@/features/shop/components/cart-button';
import { NeedHelpChoosing } from '@/features/shop/components/need-help';
import { ShopCatalog } from '@/features/shop/components/shop-catalog';

export function Component() {
  const { user, isLoading } = useUser();
  return (
    <PageContainer className="flex flex-col gap-10 py-12">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">Shop</p>
          <h1 className="mt-1 text-4xl font-bold text-navy-900">Technology Procurement</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">
            Enterprise networking, security, Wi-Fi, CCTV, servers and end-user hardware — the same equipment our
            engineers deploy every week, with configuration and installation available.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          {isLoading || user ? null : <SignupDialog next="/shop" />}
          <CartButton />
        </div>
      </div>
      <ShopCatalog />
      <NeedHelpChoosing />
    </PageContainer>
  );
}
