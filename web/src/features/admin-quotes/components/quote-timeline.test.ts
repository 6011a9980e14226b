import { describe, expect, it } from 'vitest';
import { detailLines } from './quote-timeline';

describe('a quote timeline entry’s data', () => {
  it('reads as labelled lines: the typed name and IP of an acceptance, a decline’s reason', () => {
    expect(detailLines({ signatureName: 'Dana Quinn', ip: '203.0.113.9' })).toEqual([
      'Signed as: Dana Quinn',
      'IP: 203.0.113.9',
    ]);
    expect(detailLines({ reason: 'Over budget' })).toEqual(['Reason: Over budget']);
  });

  it('leaves out empty values and the other version’s id', () => {
    expect(detailLines({ quoteId: '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f', version: 2, reason: null })).toEqual([
      'Version: 2',
    ]);
    expect(detailLines({})).toEqual([]);
  });

  it('names a paid deposit’s amount and payment, and leaves the project’s id to its link', () => {
    expect(detailLines({ amount: '490.07', paymentId: 'demo_pi_1' })).toEqual(['Amount: 490.07', 'Payment: demo_pi_1']);
    expect(detailLines({ serviceRequestId: '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f' })).toEqual([]);
  });
});
