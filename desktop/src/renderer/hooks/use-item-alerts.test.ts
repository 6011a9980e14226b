import { describe, expect, it, vi } from 'vitest';

const apiJson = vi.fn();
vi.mock('@/lib/api-client', () => ({ apiJson: (...args: unknown[]) => apiJson(...args) }));
vi.mock('../bridge', () => ({ desktop: {} }));

const { describeItem } = await import('./use-item-alerts');

/*
 * What a desktop notification says about its item: a chat's service-level alerts name who is waiting and what they
 * said last, as a ticket's name its number, client and service (issue 27).
 */
describe('the desktop notification text of a service-level alert', () => {
  it('names the chat’s visitor and their last message, read as staff see the chat', async () => {
    apiJson.mockResolvedValue({ visitorName: 'Vera Visitor', lastMessage: { message: 'Is anyone there?' } });
    for (const kind of ['chat.sla_at_risk', 'chat.sla_breached'] as const) {
      expect(await describeItem(kind, 'c/1')).toEqual({ kind, detail: 'Vera Visitor: Is anyone there?' });
    }
    expect(apiJson).toHaveBeenCalledWith('GET', '/api/chat/conversations/c%2F1');
    apiJson.mockResolvedValue({ visitorName: ' ', lastMessage: null });
    expect(await describeItem('chat.sla_breached', 'c1')).toEqual({ kind: 'chat.sla_breached', detail: 'Anonymous' });
  });

  it('names a ticket’s number, client and service', async () => {
    apiJson.mockResolvedValue({ request: { number: 'T-0042', name: 'Ada Client', service: 'Managed IT' } });
    expect(await describeItem('service_request.sla_breached', 't1')).toEqual({
      kind: 'service_request.sla_breached',
      detail: 'T-0042 · Ada Client · Managed IT',
    });
  });

  it('leaves the text to the main process when the chat cannot be read', async () => {
    apiJson.mockImplementation(async () => {
      throw new Error('gone');
    });
    const described = await describeItem('chat.sla_at_risk', 'c1');
    expect(described).toEqual({ kind: 'chat.sla_at_risk', detail: null });
  });
});
