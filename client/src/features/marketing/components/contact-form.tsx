/**
 * The home page's message form (docs/product-rules.md §2): First Name, Last Name, Email, Phone Number, "How can we help?",
 * Message. It really sends (POST /api/contact); the server validates and names any field it rejects.
 */
import { Alert, Button, Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import type { ContactMessage } from '@escrow/core/contract/contact';
import { ApiError } from '@/lib/api';
import { QueryProvider } from '@/lib/query-provider';
import { sendContactMessage } from '../api/contact';

const TOPICS = {
  general: 'General inquiry',
  support: 'Technical support',
  billing: 'Billing and fees',
  partnership: 'Partnership',
} satisfies Record<ContactMessage['topic'], string>;

interface ContactValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  topic: ContactMessage['topic'];
  message: string;
}

const EMPTY: ContactValues = { first_name: '', last_name: '', email: '', phone_number: '', topic: 'general', message: '' };
const REQUIRED: (keyof ContactValues)[] = ['first_name', 'last_name', 'email', 'message'];
const LABELS: Record<keyof ContactValues, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone_number: 'Phone number',
  topic: 'Topic',
  message: 'Message',
};

/** In its own Query provider: the pages it is on have none (lib/query-provider.tsx). */
export function ContactForm() {
  return (
    <QueryProvider>
      <ContactFormFields />
    </QueryProvider>
  );
}

function ContactFormFields() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof ContactValues, string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const mutation = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: (message) => {
      setSent(message);
      setValues(EMPTY);
      setErrors({});
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0]])));
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      REQUIRED.filter((field) => !values[field].trim()).map((field) => [field, `${LABELS[field]} is required`]),
    );
    setErrors(missing);
    const first = REQUIRED.find((field) => missing[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSent(null);
    mutation.mutate(values);
  };

  const field = (name: keyof ContactValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <Stack asChild gap="4">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="contact-form-heading">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={!!errors.first_name} required>
            <Field.Label>
              First Name <Field.RequiredIndicator />
            </Field.Label>
            <Input {...field('first_name')} autoComplete="given-name" maxLength={60} />
            <Field.ErrorText>{errors.first_name}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.last_name} required>
            <Field.Label>
              Last Name <Field.RequiredIndicator />
            </Field.Label>
            <Input {...field('last_name')} autoComplete="family-name" maxLength={60} />
            <Field.ErrorText>{errors.last_name}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root invalid={!!errors.email} required>
            <Field.Label>
              Email <Field.RequiredIndicator />
            </Field.Label>
            <Input {...field('email')} type="email" autoComplete="email" maxLength={254} placeholder="you@example.co.ke" />
            <Field.ErrorText>{errors.email}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.phone_number}>
            <Field.Label>Phone Number</Field.Label>
            <Input {...field('phone_number')} type="tel" autoComplete="tel" placeholder="0722123456" />
            <Field.ErrorText>{errors.phone_number}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!errors.topic}>
          <Field.Label>How can we help?</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...field('topic')}>
              {Object.entries(TOPICS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.topic}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.message} required>
          <Field.Label>
            Message <Field.RequiredIndicator />
          </Field.Label>
          <Textarea {...field('message')} rows={5} maxLength={5000} placeholder="Tell us about your transaction or question" />
          <Field.ErrorText>{errors.message}</Field.ErrorText>
        </Field.Root>
        {sent && (
          <Alert.Root status="success" role="alert">
            <Alert.Indicator />
            <Alert.Description>{sent}</Alert.Description>
          </Alert.Root>
        )}
        {mutation.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>
              {mutation.error instanceof ApiError ? mutation.error.message : 'Your message could not be sent. Please try again.'}
            </Alert.Description>
          </Alert.Root>
        )}
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          loading={mutation.isPending}
          loadingText="Sending..."
          alignSelf={{ sm: 'flex-start' }}
        >
          <Send aria-hidden /> Send Message
        </Button>
      </form>
    </Stack>
  );
}
