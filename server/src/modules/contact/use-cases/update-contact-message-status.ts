import type { AppContext } from '../../../context.ts';
import type { ContactMessage } from '../../../generated/prisma/client.ts';
import { notFound } from '../../../lib/app-error.ts';

export interface UpdateContactMessageStatusOptions {
  ctx: AppContext;
  id: string;
  status: ContactMessage['status'];
  actorId: string;
}

/** Marks a contact message read or resolved; the change is kept in the audit log. */
export async function updateContactMessageStatus({ ctx, id, status, actorId }: UpdateContactMessageStatusOptions): Promise<ContactMessage> {
  return ctx.db.$transaction(async (tx) => {
    const existing = await tx.contactMessage.findUnique({ where: { id }, select: { status: true } });
    if (!existing) throw notFound('Contact message');
    const updated = await tx.contactMessage.update({ where: { id }, data: { status } });
    await tx.auditLog.create({
      data: {
        actorId,
        action: 'contact_message.status',
        entity: 'contact_message',
        entityId: id,
        data: { from: existing.status, to: status },
      },
    });
    return updated;
  });
}
