import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCustomerSearch } from '../api/quote-pickers';
import type { CustomerChoice, DraftErrors } from './quote-draft';

/** Who the quote is for: a client account found by search, or a name, email and company typed in. */
export function CustomerPicker({
  value,
  onChange,
  errors,
}: {
  value: CustomerChoice;
  onChange(value: CustomerChoice): void;
  errors: DraftErrors;
}) {
  const [search, setSearch] = useState('');
  const found = useCustomerSearch(search);

  if (value.kind === 'account')
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 text-sm">
        <p>
          <span className="font-semibold text-slate-900">{value.name}</span>
          {value.email ? <span className="text-slate-600"> · {value.email}</span> : null}
          <span className="text-slate-600"> (client account)</span>
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => onChange({ kind: 'new', name: '', email: '', company: '' })}
        >
          Change customer
        </Button>
        {errors.customer ? (
          <p role="alert" className="w-full text-sm font-medium text-red-700">
            {errors.customer}
          </p>
        ) : null}
      </div>
    );

  const customers = search.trim().length >= 2 ? (found.data?.customers ?? []) : [];
  return (
    <div className="flex flex-col gap-4">
      <FormField label="Find a client account" optional hint="Name, username or email; or fill in the fields below.">
        <Input type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
      </FormField>
      {customers.length > 0 ? (
        <ul
          aria-label="Matching client accounts"
          className="divide-y divide-slate-100 rounded-md border border-slate-200"
        >
          {customers.slice(0, 8).map((customer) => (
            <li key={customer.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{customer.name ?? customer.username}</span>
                {customer.email ? <span className="text-slate-600"> · {customer.email}</span> : null}
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() =>
                  onChange({
                    kind: 'account',
                    userId: customer.id,
                    name: customer.name ?? customer.username,
                    email: customer.email,
                  })
                }
              >
                Choose
              </Button>
            </li>
          ))}
        </ul>
      ) : search.trim().length >= 2 && found.isSuccess ? (
        <p className="text-sm text-slate-600">No client account matches; fill in the customer below.</p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Customer name" error={errors['customer.name']}>
          <Input
            name="customerName"
            maxLength={100}
            value={value.name}
            onChange={(e) => onChange({ ...value, name: e.target.value })}
          />
        </FormField>
        <FormField label="Customer email" error={errors['customer.email']}>
          <Input
            name="customerEmail"
            type="email"
            maxLength={254}
            value={value.email}
            onChange={(e) => onChange({ ...value, email: e.target.value })}
          />
        </FormField>
        <FormField label="Company" optional error={errors['customer.company']}>
          <Input
            name="customerCompany"
            maxLength={150}
            value={value.company}
            onChange={(e) => onChange({ ...value, company: e.target.value })}
          />
        </FormField>
      </div>
    </div>
  );
}
