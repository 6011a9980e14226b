import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CONTACT_LIMITS, emptyEnquiry, HONEYPOT_FIELD, isServiceOption, serviceOptions } from '@shared/contact';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { FormSuccess } from '@/components/ui/form-success';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { primaryAction } from '@/lib/primary-actions';
import { toast } from '@/lib/toast';

const SEND_FAILED = 'Failed to send message. Please try again.';
const SENT_TITLE = 'Message Sent!';
const SENT_TEXT = "We'll get back to you within 24 hours.";

// The validation (zod and the schema) is fetched when the visitor starts on the form, not with the page:
// the contact page paints and hydrates without it; the browser's own required-field checks work at once.
const loadSchema = () => import('@shared/schemas/contact').then((module) => module.enquirySchema);
import { useSendEnquiry } from '../api/use-send-enquiry';

/** Who is writing, when they are logged in: their name and email start filled in. */
export interface ContactPrefill {
  name: string;
  email: string;
}

/**
 * Spec §2/§5 contact form: native required fields and types, the nine
 * services, a 6-row message. Success resets every field (to the logged-in
 * client's name and email, when given); failure keeps them.
 */
export function ContactForm({ prefill = null }: { prefill?: ContactPrefill | null }) {
  const form = useSchemaForm(loadSchema, emptyEnquiry);
  const send = useSendEnquiry();
  const [params] = useSearchParams();
  const requested = params.get('service');
  const { setValue } = form;
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState(false);

  // /contact?service=… (from "Request Service") preselects it. Done after the
  // first render, so the prerendered page and hydration stay identical.
  useEffect(() => {
    if (isServiceOption(requested)) setValue('service', requested);
  }, [requested, setValue]);

  // A logged-in client's name and email, filled in once known (after hydration), never over what was typed.
  const prefillName = prefill?.name ?? '';
  const prefillEmail = prefill?.email ?? '';
  const { setValues } = form;
  useEffect(() => {
    if (!prefillName && !prefillEmail) return;
    setValues((current) => ({
      ...current,
      name: current.name || prefillName,
      email: current.email || prefillEmail,
    }));
  }, [prefillName, prefillEmail, setValues]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setFailed(false);
    setSent(false);
    const formElement = event.currentTarget;
    form.submit((data) => {
      send.mutate(data, {
        onSuccess: () => {
          toast({ title: SENT_TITLE, description: SENT_TEXT });
          form.setValues({ ...emptyEnquiry, name: prefillName, email: prefillEmail });
          setSent(true);
        },
        // The spec's toast for any failure; a refusal about a field also goes under that field.
        onError: (error) => {
          toast({ title: 'Error', description: SEND_FAILED, variant: 'destructive' });
          if (form.showApiError(error, SEND_FAILED, formElement) !== null) setFailed(true);
        },
      });
    }, formElement);
  };

  const text = (key: 'name' | 'email' | 'phone' | 'company' | 'message') => ({
    name: key,
    value: form.values[key] ?? '',
    maxLength: CONTACT_LIMITS[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.setValue(key, e.target.value),
  });

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadSchema()} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full Name" error={form.errors.name}>
          <Input {...text('name')} required autoComplete="name" />
        </FormField>
        <FormField label="Email Address" error={form.errors.email}>
          <Input {...text('email')} type="email" required autoComplete="email" />
        </FormField>
        <FormField label="Phone Number" optional error={form.errors.phone}>
          <Input {...text('phone')} type="tel" autoComplete="tel" />
        </FormField>
        <FormField label="Company Name" optional error={form.errors.company}>
          <Input {...text('company')} autoComplete="organization" />
        </FormField>
      </div>
      <FormField label="Service Interested In" error={form.errors.service}>
        <Select
          name="service"
          required
          value={form.values.service}
          onChange={(e) => form.setValue('service', e.target.value)}
        >
          <option value="">Select a service</option>
          {serviceOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Message" error={form.errors.message}>
        <Textarea {...text('message')} rows={6} required />
      </FormField>
      {/* Honeypot: hidden from people and assistive tech; bots that fill it are ignored by the server. */}
      <div className="honeypot" aria-hidden="true">
        <label>
          Leave this field empty
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={form.values[HONEYPOT_FIELD] ?? ''}
            onChange={(e) => form.setValue(HONEYPOT_FIELD, e.target.value)}
          />
        </label>
      </div>
      {failed ? <FormAlert>{SEND_FAILED} Your message is still here.</FormAlert> : null}
      {/* Stays on the page (the toast goes away) until the next send. */}
      {sent ? <FormSuccess title={SENT_TITLE}>{SENT_TEXT}</FormSuccess> : null}
      <div>
        <Button type="submit" size="lg" disabled={send.isPending} {...primaryAction}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
