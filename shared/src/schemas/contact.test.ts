import { describe, expect, it } from 'vitest';
import { enquirySchema, emptyEnquiry, isServiceOption, serviceOptions } from './contact';

describe('contact message schema', () => {
  it('has the nine service options of the spec', () => {
    expect(serviceOptions).toHaveLength(9);
    expect(serviceOptions[0]).toBe('Network Engineering & Security');
    expect(serviceOptions[8]).toBe('General Inquiry');
    expect(isServiceOption('AI & Automation')).toBe(true);
    expect(isServiceOption('ai & automation')).toBe(false);
    expect(isServiceOption(undefined)).toBe(false);
  });

  it('rejects the empty form and accepts a filled one', () => {
    expect(enquirySchema.safeParse(emptyEnquiry).success).toBe(false);
    const parsed = enquirySchema.parse({
      ...emptyEnquiry,
      name: ' Ada ',
      email: 'ada@example.com',
      service: 'General Inquiry',
      message: 'Hello',
    });
    expect(parsed).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      phone: null,
      company: null,
      service: 'General Inquiry',
      message: 'Hello',
      website: '',
    });
  });
});
