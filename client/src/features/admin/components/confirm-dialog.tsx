/**
 * The question an admin answers before an action takes effect: a title, what will happen, Cancel and one
 * confirm button. While the request runs the button is busy and the dialog cannot be dismissed.
 */
import { Button, CloseButton, Dialog, Portal, Text, type ButtonProps } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';

export function ConfirmDialog({
  open,
  title,
  children,
  error,
  confirmLabel,
  busy,
  busyText,
  colorPalette,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  /** What will happen if the admin confirms. */
  children: ReactNode;
  /** Why the last attempt failed (shown as an alert in the body); null or undefined when nothing to show. */
  error?: ReactNode;
  confirmLabel: ReactNode;
  /** The request is running. */
  busy: boolean;
  /** The confirm button's text while busy (without it the button shows only a spinner). */
  busyText?: string;
  colorPalette?: ButtonProps['colorPalette'];
  /** Sends the request; settles when it has (a failure is the caller's to show through `error`). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  // A double tap submits twice before React re-renders the busy button: only the first counts until its
  // request settles, so one confirm sends one request.
  const isSending = useRef(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (isSending.current || busy) return;
              isSending.current = true;
              void onConfirm()
                .catch(() => undefined)
                .finally(() => {
                  isSending.current = false;
                });
            }}
          >
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {children}
              {error === null || error === undefined ? null : (
                <Text color="fg.error" mt="3" role="alert">
                  {error}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" colorPalette={colorPalette} loading={busy} loadingText={busyText}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
