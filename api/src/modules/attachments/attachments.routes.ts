import Router from '@koa/router';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import { NotFound } from '../../errors';
import { currentUser } from '../../middleware/current-user';
import type { User } from '../users/user.model';
import { attachmentContent, findAttachment } from './attachment-store';

/**
 * Whether a caller may read the attachments of one owner: decided by the
 * module that owns that kind of thing (a ticket's client or staff allowed to
 * work tickets…), given to this router by app.ts. `user` is null without a
 * session.
 */
export type AttachmentAccess = (db: Knex, user: User | null, ownerId: string) => Promise<boolean>;

const NOT_FOUND = 'Attachment not found';

/**
 * GET /api/attachments/:id — one attachment's bytes, to whoever its owner's
 * module lets read it; anyone else (another client, no session, an unknown
 * id) gets the same 404, so ids cannot be probed. Always a download
 * (`Content-Disposition: attachment`), never rendered by the browser as a
 * page: the type is the one the store decided from the bytes, with nosniff
 * and a sandboxing Content-Security-Policy. An image can still be shown by an
 * <img> element (a thumbnail): it is the WebP the server wrote.
 */
export function attachmentRoutes({ db }: AppDeps, owners: Readonly<Record<string, AttachmentAccess>>): Router {
  const router = new Router();

  router.get('/api/attachments/:id', async (ctx) => {
    const user = currentUser(ctx);
    const attachment = await findAttachment(db, ctx.params.id ?? '');
    const access = attachment ? owners[attachment.ownerType] : undefined;
    // A staff account that still has to set up two-factor sign-in reads nothing of the console's (decision 169).
    const halfSignedIn = Boolean(user?.isStaff && user.mustUseTwoFactor && !user.twoFactorEnabled);
    if (!attachment || !access || halfSignedIn || !(await access(db, user, attachment.ownerId))) {
      throw new NotFound(NOT_FOUND);
    }
    const content = await attachmentContent(db, attachment.id);
    ctx.attachment(attachment.filename, { fallback: true });
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.type = attachment.contentType;
    ctx.body = content;
  });

  return router;
}
