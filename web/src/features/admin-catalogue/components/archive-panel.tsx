import { useState } from 'react';
import type { AdminProduct } from '@shared/schemas/catalog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateProduct } from '../api/admin-products';

/** Archive (leaves the shop, stays on past orders) or restore. */
export function ArchivePanel({ product }: { product: AdminProduct }) {
  const update = useUpdateProduct(product.id);
  const [error, setError] = useState<string | null>(null);
  const toggle = () => {
    setError(null);
    update.mutate(
      { archived: !product.archived },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.archived ? 'Product Archived' : 'Product Restored',
            description: saved.archived
              ? `${saved.name} is no longer in the shop.`
              : `${saved.name} is back in the shop.`,
          }),
        onError: (err) => setError(errorMessage(err, 'The product could not be changed. Please try again.')),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{product.archived ? 'Archived' : 'In the shop'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm text-slate-700">
        <p>
          {product.archived
            ? 'Not in the shop; past orders still show it. Restore it to sell it again.'
            : 'Archiving takes it out of the shop; past orders still show it.'}
        </p>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button variant="outline" onClick={toggle} disabled={update.isPending} className="self-start">
          {product.archived ? 'Restore to the shop' : 'Archive product'}
        </Button>
      </CardContent>
    </Card>
  );
}
