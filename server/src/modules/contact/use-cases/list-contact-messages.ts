import type { AppContext } from '../../../context.ts';
import type { ContactMessage, Prisma } from '../../../generated/prisma/client.ts';

export interface ListContactMessagesOptions {
  ctx: AppContext;
  page: number;
  perPage: number;
  status?: ContactMessage['status'];
  topic?: ContactMessage['topic'];
}

/** The admin inbox of contact-form messages, newest first (served by the (status, created_at) index). */
export async function listContactMessages({ ctx, page, perPage, status, topic }: ListContactMessagesOptions) {
  const where: Prisma.ContactMessageWhereInput = { ...(status ? { status } : {}), ...(topic ? { topic } : {}) };
  const [messages, totalCount] = await Promise.all([
    ctx.db.contactMessage.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    ctx.db.contactMessage.count({ where }),
  ]);
  return { messages, totalCount };
}
