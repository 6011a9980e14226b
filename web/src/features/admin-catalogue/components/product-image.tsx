import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES, type AdminProduct } from '@shared/schemas/catalog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { serverFileUrl } from '@/lib/api-client';

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

/** The image chosen in the form and not saved yet, and why a file was refused. */
export function useProductImage() {
  const [file, setChosenFile] = useState<File | null>(null);
  // The chosen file not saved yet, read when leaving (a navigation can come in the same tick as a save).
  const unsaved = useRef<File | null>(null);
  useLeaveWarning(unsaved);
  const [error, setError] = useState<string | null>(null);
  const setFile = (next: File | null) => {
    unsaved.current = next;
    setChosenFile(next);
  };
  return {
    file,
    setFile,
    error,
    setError,
    /** Leave without asking: the file's fate has been told another way (a toast). */
    forget: () => {
      unsaved.current = null;
    },
  };
}

export type ProductImage = ReturnType<typeof useProductImage>;

/** The Image card: a new product's file is saved with it; an existing product's is saved from here at once. */
export function ProductImageCard({
  product,
  image,
  busy,
  uploading,
  onSaveNow,
}: {
  product?: AdminProduct;
  image: ProductImage;
  busy: boolean;
  uploading: boolean;
  onSaveNow(): void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Image</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ImageField
          currentUrl={product?.imageUrl ?? null}
          file={image.file}
          error={image.error}
          onChoose={(chosen, problem) => {
            image.setError(problem);
            image.setFile(problem ? null : chosen);
          }}
        />
        {image.file ? (
          product ? (
            <Button type="button" onClick={onSaveNow} disabled={busy} className="self-start">
              {uploading ? 'Saving image…' : 'Save image'}
            </Button>
          ) : (
            <p className="text-sm text-slate-600">Saved with the product when you create it.</p>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
