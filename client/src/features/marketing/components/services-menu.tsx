/**
 * The top bar's Services dropdown: a disclosure of links (the WAI-ARIA "disclosure navigation" pattern,
 * which suits site navigation better than role="menu"), with arrow-key movement, Escape and
 * click-outside to close. Hand-made rather than Chakra's Menu to keep the menu machine out of the
 * home page's initial JavaScript.
 */
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { useT } from '@/i18n';
import { Link, usePagePath } from '@/i18n/link';
import { SERVICE_PAGES } from '../constants';

export function ServicesMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const pagePath = usePagePath();
  const { t } = useT();
  const isCurrent = SERVICE_PAGES.some((service) => service.to === pagePath);

  useEffect(() => setIsOpen(false), [location.key]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('[data-service-link]') ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const current = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setIsOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!isOpen) setIsOpen(true);
      requestAnimationFrame(() => focusLink(current + 1));
    } else if (event.key === 'ArrowUp' && isOpen) {
      event.preventDefault();
      focusLink(current <= 0 ? -1 : current - 1);
    } else if ((event.key === 'Home' || event.key === 'End') && current >= 0) {
      event.preventDefault();
      focusLink(event.key === 'Home' ? 0 : -1);
    }
  };

  return (
    <Box
      ref={rootRef}
      position="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
    >
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-expanded={isOpen}
        aria-controls={panelId}
        color={isCurrent ? 'brand.fg' : undefined}
        fontWeight={isCurrent ? 'semibold' : undefined}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t('layout.nav.services')}
        <Box as={ChevronDown} aria-hidden transition="transform 0.15s" transform={isOpen ? 'rotate(180deg)' : undefined} />
      </Button>
      <Box
        id={panelId}
        hidden={!isOpen}
        position="absolute"
        top="calc(100% + 8px)"
        left="0"
        w="xs"
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="l3"
        boxShadow="lg"
        p="2"
        zIndex="dropdown"
      >
        <Stack as="ul" gap="1" listStyleType="none">
          {SERVICE_PAGES.map((service) => (
            <li key={service.to}>
              <Box
                asChild
                display="block"
                px="3"
                py="2"
                borderRadius="l2"
                _hover={{ bg: 'bg.muted' }}
                _focusVisible={{ bg: 'bg.muted', outline: '2px solid', outlineColor: 'teal.focusRing', outlineOffset: '-2px' }}
                aria-current={pagePath === service.to ? 'page' : undefined}
              >
                <Link to={service.to} data-service-link="">
                  <Text fontWeight="semibold" fontSize="sm" color={pagePath === service.to ? 'brand.fg' : 'fg'}>
                    {t(`layout.services.${service.key}.label`)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {t(`layout.services.${service.key}.description`)}
                  </Text>
                </Link>
              </Box>
            </li>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
