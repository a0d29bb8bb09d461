/** For unit tests: both languages' whole catalogs loaded, and a translator for each. */
import { loadLanguage, loadWholeCatalogs, translator, type Language, type Translate } from '.';

export async function loadTranslators(): Promise<Record<Language, Translate>> {
  await loadLanguage('sw');
  await loadWholeCatalogs();
  return { en: translator('en'), sw: translator('sw') };
}
