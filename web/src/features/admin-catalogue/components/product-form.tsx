import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { productCreateSchema, type AdminProduct, type ProductCreate } from '@shared/schemas/catalog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { placeApiError, useSchemaForm, type FieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useMay } from '@/lib/staff-role';
import { useAdminProducts, useCreateProduct, useUpdateProduct, useUploadProductImage } from '../api/admin-products';
import { ArchivePanel } from './archive-panel';
import { ProductDetailsFields } from './product-details-fields';
import { ProductImageCard, useProductImage, type ProductImage } from './product-image';

type Fields = keyof ProductCreate;
const FIELDS: readonly Fields[] = ['name', 'category', 'description', 'price', 'inStock'];

const emptyProduct: ProductCreate = { name: '', category: '', description: '', price: '', inStock: true };

function formValues(product: AdminProduct | undefined): ProductCreate {
  if (!product) return emptyProduct;
  const { name, category, description, price, inStock } = product;
  return { name, category, description, price, inStock };
}

/**
 * Saving: the fields first, then a chosen image (a new product's page takes over once it exists); an existing
 * product's image can also be saved alone. `showRefusal` puts an API refusal next to its field or above the form.
 */
function useSaveProduct(
  product: AdminProduct | undefined,
  image: ProductImage,
  showRefusal: (error: unknown, fallback: string) => void,
) {
  const navigate = useNavigate();
  // Without catalogue.manage (fulfilment) only the price and stock change; no image, no archiving (decision 167).
  const mayManage = useMay('catalogue.manage');
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? '');
  const upload = useUploadProductImage();
  const busy = create.isPending || update.isPending || upload.isPending;

  const save = async (values: ProductCreate) => {
    let saved: AdminProduct;
    try {
      const changes = mayManage ? values : { price: values.price, inStock: values.inStock };
      saved = product ? await update.mutateAsync(changes) : await create.mutateAsync(values);
    } catch (error) {
      showRefusal(error, 'The product could not be saved. Please try again.');
      return;
    }
    if (image.file) {
      try {
        await upload.mutateAsync({ id: saved.id, file: image.file });
        image.setFile(null);
      } catch (error) {
        showRefusal(error, 'The image could not be saved. Please try again.');
        // Said by the toast below; the new product's page does not hold the file.
        if (!product) image.forget();
        if (!product) navigate(`/admin/catalogue/${saved.id}`, { replace: true });
        toast({
          title: 'Image Not Saved',
          description: `${saved.name} was saved without the new image.`,
          variant: 'destructive',
        });
        return;
      }
    }
    toast({
      title: product ? 'Product Saved' : 'Product Created',
      description: `${saved.name} is ${saved.archived ? 'saved (archived)' : 'in the shop'}.`,
    });
    if (!product) navigate(`/admin/catalogue/${saved.id}`, { replace: true });
  };

  /** An existing product's image, saved from its own card (it used to wait for "Save changes" in the other). */
  const saveImageNow = async () => {
    if (!product || !image.file) return;
    image.setError(null);
    try {
      await upload.mutateAsync({ id: product.id, file: image.file });
      image.setFile(null);
      toast({ title: 'Image Saved', description: `${product.name} has its new image.` });
    } catch (error) {
      showRefusal(error, 'The image could not be saved. Please try again.');
    }
  };

  return { save, saveImageNow, busy, uploading: upload.isPending, mayManage };
}

/** The product form: create (`product` undefined) or edit; inline messages, focus on the first invalid field. */
export function ProductForm({ product }: { product?: AdminProduct }) {
  const form = useSchemaForm(productCreateSchema, formValues(product));
  const image = useProductImage();
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const categories = [...new Set((useAdminProducts().data ?? []).map((p) => p.category))].sort();

  /** A refusal: next to its field when the API named one, else above the form. */
  const showRefusal = (error: unknown, fallback: string) => {
    const { field, message } = placeApiError<Fields | 'image'>(errorMessage(error, fallback), [...FIELDS, 'image']);
    if (field === 'image') image.setError(message);
    else if (field) form.showErrors({ [field]: message } as FieldErrors<ProductCreate>, formRef.current);
    else setFormError(error instanceof ApiError && error.status === 404 ? 'This product no longer exists.' : message);
  };
  const { save, saveImageNow, busy, uploading, mayManage } = useSaveProduct(product, image, showRefusal);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A refused file blocks saving: the fields' messages first (focus on the first invalid one), else the file.
    if (image.error) {
      const fileInput = formRef.current?.querySelector<HTMLElement>('input[type="file"]');
      form.submit(() => fileInput?.focus(), event.currentTarget);
      return;
    }
    form.submit((values) => {
      setFormError(null);
      void save(values);
    }, event.currentTarget);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <ProductDetailsFields form={form} categories={categories} stockAndPriceOnly={!mayManage} />
          <div className="flex flex-wrap gap-3 pt-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : product ? 'Save changes' : 'Create product'}
            </Button>
            <Link
              to="/admin/catalogue"
              className="inline-flex h-10 items-center px-2 text-sm font-semibold text-blue-700 hover:underline"
            >
              Cancel
            </Link>
          </div>
        </CardContent>
      </Card>
      <div className="flex flex-col gap-6">
        {mayManage ? (
          <ProductImageCard
            product={product}
            image={image}
            busy={busy}
            uploading={uploading}
            onSaveNow={() => void saveImageNow()}
          />
        ) : null}
        {product && mayManage ? <ArchivePanel product={product} /> : null}
      </div>
    </form>
  );
}
