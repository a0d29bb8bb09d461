import type { z } from 'zod';
import type { contactMessageBody } from '@escrow/core/contract/contact';
import { apiRequest } from '@/lib/api';

export type ContactRequest = z.input<typeof contactMessageBody>;

/** POST /api/contact: the home page's message form. Resolves with the server's confirmation text. */
export async function sendContactMessage(body: ContactRequest): Promise<string> {
  const response = await apiRequest<{ id: string; created_at: string }>('/api/contact', { method: 'POST', body, noAuthRedirect: true });
  return response.message;
}
