import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router-dom';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  productCreateSchema,
  type AdminProduct,
  type ProductCreate,
} from '@shared/schemas/catalog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage, serverFileUrl } from '@/lib/api-client';
import { placeApiError, useSchemaForm, type FieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useMay } from '@/lib/staff-role';
import {
  useAdminProduct,
  useAdminProducts,
  useCreateProduct,
  useUpdateProduct,
  useUploadProductImage,
} from '../api/admin-products';
import { ProductDetailsFields } from './product-details-fields';
import { formatDateTime } from '@/lib/format';

type Fields = keyof ProductCreate;
const FIELDS: readonly Fields[] = ['name', 'category', 'description', 'price', 'inStock'];
const MAX_MB = PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024);

/** Why an image file cannot be sent, or null: the same type and size rules the API applies. */
export function imageProblem(file: File): string | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return `The image must be at most ${MAX_MB} MB.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/** The image field: the current picture or the chosen file's preview, and why a file was refused. */
function ImageField({
  currentUrl,
  file,
  error,
  onChoose,
}: {
  currentUrl: string | null;
  file: File | null;
  error: string | null;
  onChoose(file: File | null, problem: string | null): void;
}) {
  // The chosen file read as a data: URL (the pages' CSP allows data: images, not blob:).
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const previewUrl = preview?.file === file ? preview.url : null;
  const shown = previewUrl ?? currentUrl;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-100">
        {shown ? (
          <img
            src={serverFileUrl(shown)}
            alt={file ? 'Preview of the chosen image' : 'The product’s image'}
            className="h-full w-full object-cover"
          />
        ) : (
          <span className="text-sm text-slate-600">No image yet</span>
        )}
      </div>
      <FormField
        label="Image"
        optional
        hint={`PNG, JPEG or WebP, at most ${MAX_MB} MB; saved as WebP.`}
        error={error ?? undefined}
      >
        <input
          type="file"
          accept={PRODUCT_IMAGE_TYPES.join(',')}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const problem = chosen ? imageProblem(chosen) : null;
            setPreview(null);
            if (chosen && !problem) {
              const reader = new FileReader();
              reader.onload = () => {
                if (typeof reader.result === 'string') setPreview({ file: chosen, url: reader.result });
              };
              reader.readAsDataURL(chosen);
            }
            onChoose(chosen, problem);
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
        />
      </FormField>
    </div>
  );
}

const LEAVE_WITH_IMAGE = 'The image you chose is not saved yet. Leave this page and lose it?';

/**
 * Leaving (a link in the console, Back, closing the tab) while a chosen image is not saved asks first: it used to be
 * lost without a word (issue 29).
 */
function useLeaveWarning(unsaved: React.RefObject<File | null>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved.current !== null && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_WITH_IMAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unsaved.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}

const emptyProduct: ProductCreate = { name: '', category: '', description: '', price: '', inStock: true };

/** The product form: create (`product` undefined) or edit; inline messages, focus on the first invalid field. */
function ProductForm({ product }: { product?: AdminProduct }) {
  const navigate = useNavigate();
  // Without catalogue.manage (fulfilment) only the price and stock change; no image, no archiving (decision 167).
  const mayManage = useMay('catalogue.manage');
  const form = useSchemaForm(
    productCreateSchema,
    product
      ? {
          name: product.name,
          category: product.category,
          description: product.description,
          price: product.price,
          inStock: product.inStock,
        }
      : emptyProduct,
  );
  const [file, setChosenFile] = useState<File | null>(null);
  // The chosen file not saved yet, read when leaving (a navigation can come in the same tick as a save).
  const unsaved = useRef<File | null>(null);
  const setFile = (next: File | null) => {
    unsaved.current = next;
    setChosenFile(next);
  };
  useLeaveWarning(unsaved);
  const [imageError, setImageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const categories = [...new Set((useAdminProducts().data ?? []).map((p) => p.category))].sort();
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? '');
  const upload = useUploadProductImage();
  const busy = create.isPending || update.isPending || upload.isPending;

  /** A refusal: next to its field when the API named one, else above the form. */
  const showRefusal = (error: unknown, fallback: string) => {
    const { field, message } = placeApiError<Fields | 'image'>(errorMessage(error, fallback), [...FIELDS, 'image']);
    if (field === 'image') setImageError(message);
    else if (field) form.showErrors({ [field]: message } as FieldErrors<ProductCreate>, formRef.current);
    else setFormError(error instanceof ApiError && error.status === 404 ? 'This product no longer exists.' : message);
  };

  const save = async (values: ProductCreate) => {
    setFormError(null);
    let saved: AdminProduct;
    try {
      const changes = mayManage ? values : { price: values.price, inStock: values.inStock };
      saved = product ? await update.mutateAsync(changes) : await create.mutateAsync(values);
    } catch (error) {
      showRefusal(error, 'The product could not be saved. Please try again.');
      return;
    }
    if (file) {
      try {
        await upload.mutateAsync({ id: saved.id, file });
        setFile(null);
      } catch (error) {
        showRefusal(error, 'The image could not be saved. Please try again.');
        // Said by the toast below; the new product's page does not hold the file.
        if (!product) unsaved.current = null;
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
  const uploadNow = async () => {
    if (!product || !file) return;
    setImageError(null);
    try {
      await upload.mutateAsync({ id: product.id, file });
      setFile(null);
      toast({ title: 'Image Saved', description: `${product.name} has its new image.` });
    } catch (error) {
      showRefusal(error, 'The image could not be saved. Please try again.');
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A refused file blocks saving: the fields' messages first (focus on the first invalid one), else the file.
    if (imageError) {
      const fileInput = formRef.current?.querySelector<HTMLElement>('input[type="file"]');
      form.submit(() => fileInput?.focus(), event.currentTarget);
      return;
    }
    form.submit((values) => void save(values), event.currentTarget);
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
          <Card>
            <CardHeader>
              <CardTitle>Image</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <ImageField
                currentUrl={product?.imageUrl ?? null}
                file={file}
                error={imageError}
                onChoose={(chosen, problem) => {
                  setImageError(problem);
                  setFile(problem ? null : chosen);
                }}
              />
              {file ? (
                product ? (
                  <Button type="button" onClick={() => void uploadNow()} disabled={busy} className="self-start">
                    {upload.isPending ? 'Saving image…' : 'Save image'}
                  </Button>
                ) : (
                  <p className="text-sm text-slate-600">Saved with the product when you create it.</p>
                )
              ) : null}
            </CardContent>
          </Card>
        ) : null}
        {product && mayManage ? <ArchivePanel product={product} /> : null}
      </div>
    </form>
  );
}

/** Archive (leaves the shop, stays on past orders) or restore. */
function ArchivePanel({ product }: { product: AdminProduct }) {
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

function BackToCatalogue() {
  return (
    <Link to="/admin/catalogue" className="flex items-center gap-1 text-sm font-semibold text-blue-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Catalogue
    </Link>
  );
}

/** /admin/catalogue/new: a new product (for a role with catalogue.manage). */
export function NewProductScreen() {
  const mayManage = useMay('catalogue.manage');
  if (!mayManage) {
    return (
      <div className="flex flex-col gap-6">
        <BackToCatalogue />
        <p className="text-slate-700">Creating products is not part of your role: it changes prices and stock only.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackToCatalogue />
        <h1 className="text-3xl font-bold text-navy-900">New product</h1>
      </div>
      <ProductForm />
    </div>
  );
}

/** /admin/catalogue/:id: a product's details, image and archiving. */
export function ProductScreen({ productId }: { productId: string }) {
  const product = useAdminProduct(productId);
  if (product.isPending) return <Spinner label="Loading the product" className="py-16" />;
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold text-navy-900">{missing ? 'Product not found' : 'Product'}</h1>
        <FormAlert>
          {missing
            ? 'There is no product with this id.'
            : errorMessage(product.error, 'The product could not be loaded.')}
        </FormAlert>
        <BackToCatalogue />
      </div>
    );
  }
  const data = product.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackToCatalogue />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-navy-900">{data.name}</h1>
          {data.archived ? <Badge variant="neutral">Archived</Badge> : null}
        </div>
        <p className="text-sm text-slate-600">Last changed {formatDateTime(data.updatedAt)}</p>
      </div>
      {/* The form keeps what staff type; the heading and image follow changes made elsewhere (live). */}
      <ProductForm key={data.id} product={data} />
    </div>
  );
}
