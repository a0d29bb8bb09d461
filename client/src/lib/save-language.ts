/**
 * Saves a signed-in person's language choice in their profile (PUT /api/auth/profile `preferred_language`),
 * which also sets the language of every SMS to them. Not signed in: nothing to save (the browser
 * remembers the choice).
 */
import type { Language } from '@/i18n';
import { api } from './api';
import { authStorage, type StoredUser } from './auth-storage';

export async function saveLanguageToProfile(language: Language): Promise<void> {
  if (!authStorage.token()) return;
  try {
    const { user } = await api<{ user: StoredUser }>('/api/auth/profile', {
      method: 'PUT',
      body: { preferred_language: language },
      noAuthRedirect: true,
    });
    authStorage.saveUser(user);
  } catch {
    // Offline or signed out meanwhile: this browser still remembers it.
  }
}
