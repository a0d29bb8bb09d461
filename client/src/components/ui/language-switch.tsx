/**
 * English ⇄ Kiswahili. On a page with a Kiswahili twin it goes to the twin (`/pricing` ⇄ `/sw/pricing`);
 * elsewhere it switches in place. The choice is saved in this browser and, for a signed-in person, in
 * their profile, which also sets the language of their SMS. Works as a plain link before hydration.
 */
import { Box, Button } from '@chakra-ui/react';
import { Languages } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, loadLanguage, rememberLanguage, useT, type Language } from '@/i18n';
import { isLocalizedPath, pathInLanguage } from '@/i18n/paths';
import { saveLanguageToProfile } from '@/lib/save-language';

export function LanguageSwitch({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { language, setLanguage, t } = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const next: Language = language === 'sw' ? 'en' : 'sw';
  const isTwin = isLocalizedPath(location.pathname);
  const href = isTwin ? pathInLanguage(`${location.pathname}${location.search}${location.hash}`, next) : undefined;

  const choose = async (event: React.MouseEvent) => {
    event.preventDefault();
    rememberLanguage(next);
    const saving = saveLanguageToProfile(next);
    if (href) {
      // The page follows its new path's language (useLanguageOfPage); load it first so nothing flashes.
      await loadLanguage(next);
      void navigate(href);
    } else {
      await setLanguage(next);
    }
    await saving;
  };

  return (
    <Button asChild variant="ghost" size={size} data-testid="language-switch">
      <a
        href={href ?? '#'}
        hrefLang={LANGUAGE_TAGS[next]}
        lang={LANGUAGE_TAGS[next]}
        onClick={choose}
        title={t('common.language.label')}
        aria-label={LANGUAGE_NAMES[next]}
      >
        <Languages aria-hidden />
        {/* A 360 px header has room for the short code only (the menu button must stay in view). */}
        <Box as="span" hideFrom="sm" textTransform="uppercase">
          {next}
        </Box>
        <Box as="span" hideBelow="sm">
          {LANGUAGE_NAMES[next]}
        </Box>
      </a>
    </Button>
  );
}
