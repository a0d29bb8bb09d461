/** "Didn't get the SMS? Send a new code" under a code form: the button waits out the resend cooldown. */
import { Button, HStack, Text } from '@chakra-ui/react';

export function ResendCodeRow({
  prompt,
  label,
  secondsLeft,
  isPending,
  onResend,
}: {
  prompt: string;
  /** The button's words: the wait while the cooldown runs, else the action. */
  label: string;
  secondsLeft: number;
  isPending: boolean;
  onResend: () => void;
}) {
  return (
    <HStack justify="center" gap="2" flexWrap="wrap" fontSize="sm">
      <Text color="fg.muted">{prompt}</Text>
      <Button variant="ghost" size="sm" colorPalette="teal" onClick={onResend} disabled={secondsLeft > 0 || isPending} loading={isPending}>
        {label}
      </Button>
    </HStack>
  );
}
