import type { productCreateSchema } from '@shared/schemas/catalog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import type { useSchemaForm } from '@/lib/form';

type ProductForm = ReturnType<typeof useSchemaForm<typeof productCreateSchema>>;

/**
 * The product's own fields: name, category (an existing one offered), description, price and stock. With
 * `stockAndPriceOnly` (a role that may change only those: decision 167) the others are shown read-only.
 */
export function ProductDetailsFields({
  form,
  categories,
  stockAndPriceOnly = false,
}: {
  form: ProductForm;
  categories: string[];
  stockAndPriceOnly?: boolean;
}) {
  return (
    <>
      <FormField label="Name" error={form.errors.name}>
        <Input
          value={form.values.name}
          onChange={(e) => form.setValue('name', e.target.value)}
          maxLength={200}
          readOnly={stockAndPriceOnly}
        />
      </FormField>
      <FormField label="Category" error={form.errors.category} hint="An existing category, or a new one.">
        <Input
          value={form.values.category}
          onChange={(e) => form.setValue('category', e.target.value)}
          list="catalogue-categories"
          maxLength={100}
          readOnly={stockAndPriceOnly}
        />
      </FormField>
      <datalist id="catalogue-categories">
        {categories.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <FormField label="Description" error={form.errors.description}>
        <Textarea
          value={form.values.description}
          onChange={(e) => form.setValue('description', e.target.value)}
          rows={6}
          maxLength={5000}
          readOnly={stockAndPriceOnly}
        />
      </FormField>
      <FormField label="Price (USD)" error={form.errors.price} hint='In dollars, e.g. "129.00".'>
        <Input
          value={form.values.price}
          onChange={(e) => form.setValue('price', e.target.value)}
          inputMode="decimal"
          className="w-40"
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={form.values.inStock ?? true}
          onChange={(e) => form.setValue('inStock', e.target.checked)}
          className="h-4 w-4 accent-blue-700"
        />
        In stock
      </label>
    </>
  );
}
