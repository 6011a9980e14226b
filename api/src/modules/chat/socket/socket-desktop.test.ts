import { describe, expect, it } from 'vitest';
import { tokenLoginAnswerSchema, type AccountType } from '@shared/schemas/auth';
import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import { buildUser, nextTotpCode } from '../../../test/factories';
import { staffCookie, startVisitorChat, TestSocket, useChatServers } from '../../../test/chat';

// A short heartbeat, to see a desktop session that ended dropped.
const servers = useChatServers(1, { heartbeatMs: 300 });
const url = () => servers.url();
const DESKTOP = 'app://console';

/** The desktop console's credentials: a bearer session token from a token login. */
async function desktopBearer(accountType: AccountType = 'staff'): Promise<string> {
  const built = await buildUser(servers.db, { accountType });
  const res = await fetch(`${url()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Session-Transport': 'token' },
    body: JSON.stringify({ username: built.username, password: built.password }),
  });
  expect(res.status).toBe(200);
  let answer = (await res.json()) as { twoFactorRequired?: boolean; sessionToken?: string };
  if (answer.twoFactorRequired) {
    // An admin: the second step, on the half-done sign-in's token (decision 169).
    const second = await fetch(`${url()}/api/login/2fa`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Session-Transport': 'token',
        Authorization: `Bearer ${answer.sessionToken}`,
      },
      body: JSON.stringify({ code: await nextTotpCode(built.totpSecret!) }),
    });
    expect(second.status).toBe(200);
    answer = (await second.json()) as typeof answer;
  }
  return `Bearer ${tokenLoginAnswerSchema.parse(answer).sessionToken}`;
}

describe('desktop console sockets (bearer session on the upgrade)', () => {
  it('follow the staff feed from the desktop origin', async () => {
    const socket = await TestSocket.open(url(), { authorization: await desktopBearer(), origin: DESKTOP });
    socket.send({ type: 'staff_feed' });
    // Counted as staff online: the feed subscription went through.
    const staffOnline = async () =>
      ((await (await fetch(`${url()}/api/chat/status`)).json()) as { staffOnline: boolean }).staffOnline;
    await expect.poll(staffOnline).toBe(true);
    const chat = await startVisitorChat(url(), { visitorName: 'Desktop Visitor', visitorEmail: null });
    const update = await socket.next('conversation', (frame) => frame.conversation.id === chat.id);
    expect(update).toMatchObject({ reason: 'created', conversation: { visitorName: 'Desktop Visitor' } });
    socket.close();
  });

  it('refuse the desktop origin for cookie sessions, and foreign origins for bearer ones', async () => {
    const cookie = await staffCookie(servers.db, url());
    await expect(TestSocket.open(url(), { cookie, origin: DESKTOP })).rejects.toThrow('upgrade refused: 403');
    const authorization = await desktopBearer();
    await expect(TestSocket.open(url(), { authorization, origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it('hold a client account to the same rules as on the web (4403 on the staff feed)', async () => {
    const socket = await TestSocket.open(url(), { authorization: await desktopBearer('client'), origin: DESKTOP });
    socket.send({ type: 'staff_feed' });
    expect(await socket.next('error')).toMatchObject({ code: 'forbidden' });
    expect((await socket.closed).code).toBe(CHAT_CLOSE.forbidden);
  });

  it('close for good (4401) when the token is forged, or once the desktop logs out', async () => {
    const forged = await TestSocket.open(url(), { authorization: 'Bearer forged.token', origin: DESKTOP });
    expect(await forged.next('error')).toMatchObject({ code: 'unauthorized' });
    expect((await forged.closed).code).toBe(CHAT_CLOSE.unauthorized);

    const authorization = await desktopBearer();
    const socket = await TestSocket.open(url(), { authorization, origin: DESKTOP });
    socket.send({ type: 'staff_feed' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const out = await fetch(`${url()}/api/logout`, {
      method: 'POST',
      headers: { Authorization: authorization, Origin: DESKTOP },
    });
    expect(out.status).toBe(204);
    expect((await socket.closed).code).toBe(CHAT_CLOSE.unauthorized);
  });
});
