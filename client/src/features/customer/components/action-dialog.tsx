/**
 * A confirmation dialog for an action that moves money or changes a transaction for good: what will
 * happen in plain words, optional fields, the server's error if it refuses, and a busy confirm button.
 * Focus is trapped inside and returns to the button that opened it (Chakra's Dialog).
 */
import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';

export interface ActionDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  tone?: 'teal' | 'red' | 'orange';
  isBusy: boolean;
  /** False when the action is no longer possible (the error says why). */
  canConfirm?: boolean;
  error?: string | null;
  onConfirm: () => void;
  /** Where focus goes when the dialog closes (the button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
}

export function ActionDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  busyLabel,
  tone = 'teal',
  isBusy,
  canConfirm = true,
  error,
  onConfirm,
  finalFocusEl,
}: ActionDialogProps) {
  const { t } = useT();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !isBusy) onClose();
      }}
      placement="center"
      size={{ base: 'full', sm: 'md' }}
      closeOnInteractOutside={!isBusy}
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* noValidate: our own messages, in the reader's language, instead of the browser's. */}
          <Dialog.Content asChild>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!isBusy && canConfirm) onConfirm();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {children}
                  {error ? (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{error}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={isBusy}>
                  {t('customer.actions.goBack')}
                </Button>
                <Button
                  type="submit"
                  colorPalette={tone}
                  loading={isBusy}
                  disabled={!canConfirm}
                  loadingText={busyLabel ?? t('customer.actions.working')}
                >
                  {confirmLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('customer.actions.close')} disabled={isBusy} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
