/** Data Protection: the principles we follow and the data subject rights of the Kenya Data Protection Act, 2019, with how to use them. */
import { Box, Button, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '@/features/marketing/components/legal-document';
import { DPO_EMAIL, DPO_POSTAL, ODPC_URL, PRIVACY_UPDATED } from '@/features/marketing/content/data-protection';

const RIGHTS = [
  {
    title: 'To be informed',
    text: 'Know what we collect, why, and who we share it with, before or when we collect it. Our Privacy Policy sets this out.',
  },
  { title: 'Of access', text: 'Get a copy of the personal data we hold about you, free of charge for a reasonable request.' },
  { title: 'To object', text: 'Object to processing based on our legitimate interests, and to direct marketing at any time.' },
  { title: 'To correction', text: 'Have false, inaccurate, outdated or misleading data corrected without delay.' },
  {
    title: 'To deletion',
    text: 'Have data deleted when we no longer need it or have no lawful basis to keep it; records the law requires us to keep are kept only for that purpose.',
  },
  {
    title: 'To data portability',
    text: 'Receive the data you gave us in a structured, commonly used, machine-readable format, or have it sent to another controller.',
  },
  {
    title: 'To restrict processing',
    text: 'Ask us to pause processing while the accuracy of the data or our lawful basis is being checked.',
  },
  {
    title: 'About automated decisions',
    text: 'Not to be subject to decisions based solely on automated processing with significant effects. Dispute rulings are made by people.',
  },
];

const SECTIONS: LegalSection[] = [
  {
    id: 'principles',
    title: 'The principles we follow',
    blocks: [
      'Section 25 of the Kenya Data Protection Act, 2019 sets the principles for all processing. At Escrow Kenya, personal data is:',
      {
        list: [
          'processed lawfully, fairly and transparently, with respect for your right to privacy;',
          'collected for explicit, specified and legitimate purposes and not used in ways incompatible with them;',
          'adequate, relevant and limited to what is necessary — for example, the website asks for a phone number, not an ID scan, to open an account;',
          'accurate and, where necessary, kept up to date;',
          'kept no longer than necessary (see the retention periods in our Privacy Policy);',
          'kept secure, and not transferred outside Kenya without proof of adequate safeguards or your consent.',
        ],
      },
    ],
  },
  {
    id: 'rights',
    title: 'Your rights as a data subject',
    blocks: [
      {
        node: (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {RIGHTS.map((right) => (
              <Box key={right.title} borderWidth="1px" borderRadius="l3" p="4">
                <Heading as="h3" size="md" mb="1">
                  Right {right.title.toLowerCase()}
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  {right.text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        ),
      },
    ],
  },
  {
    id: 'making-a-request',
    title: 'How to make a request',
    blocks: [
      {
        list: [
          `Write to our Data Protection Officer at ${DPO_EMAIL} (or ${DPO_POSTAL}) from the e-mail or phone number on your account, saying which right you want to use.`,
          'We confirm your identity, usually with a code sent by SMS to your registered number, so that nobody else can obtain your data.',
          'We answer within 7 days as the Data Protection (General) Regulations, 2021 provide. If a request is complex we tell you within that time why we need longer and when you will hear from us.',
          'If we cannot do what you ask — for example because anti-money-laundering law requires us to keep a transaction record — we explain why in writing and tell you how to complain.',
        ],
        ordered: true,
      },
    ],
  },
  {
    id: 'lawful-bases',
    title: 'Lawful bases and consent',
    blocks: [
      'We process personal data to perform our contract with you, to comply with legal obligations, for legitimate interests such as fraud prevention, and with your consent for optional marketing. Where we rely on consent you can withdraw it at any time, as easily as you gave it.',
    ],
  },
  {
    id: 'impact-assessments',
    title: 'Data protection impact assessments',
    blocks: [
      'Before we start processing that is likely to result in a high risk to your rights — such as new ways of checking identity or detecting fraud — we carry out a data protection impact assessment under section 31 of the Act and consult the Data Commissioner where it requires.',
    ],
  },
  {
    id: 'security-and-breaches',
    title: 'Security and breach notification',
    blocks: [
      'We use encryption in transit, one-way hashing of passwords and PINs, least-privilege staff access, audit logs and tested backups. If a breach of personal data creates a real risk of harm, we notify the Data Commissioner within 72 hours of becoming aware of it and inform the affected people without undue delay, describing the breach, its likely consequences, the measures we are taking and what you can do to protect yourself.',
    ],
  },
  {
    id: 'cross-border',
    title: 'Cross-border transfers',
    blocks: [
      'Personal data is stored in Kenya wherever possible. Any transfer abroad follows sections 48 to 50 of the Act: appropriate safeguards, proof of them to the Data Commissioner where required, or your consent.',
    ],
  },
  {
    id: 'dpo-and-complaints',
    title: 'Data Protection Officer and complaints',
    blocks: [
      {
        node: (
          <Stack gap="3">
            <Text color="fg.muted">
              Our Data Protection Officer oversees how we handle personal data and is your first point of contact: {DPO_EMAIL}, {DPO_POSTAL}
              .
            </Text>
            <Text color="fg.muted">
              You have the right to complain to the Office of the Data Protection Commissioner (ODPC) at any time:{' '}
              <ChakraLink href={ODPC_URL} target="_blank" rel="noreferrer noopener" color="brand.fg" textDecoration="underline">
                www.odpc.go.ke
              </ChakraLink>
              . We would appreciate the chance to resolve your concern first.
            </Text>
          </Stack>
        ),
      },
    ],
  },
];

export default function DataProtectionPage() {
  return (
    <LegalDocument
      title="Data Protection"
      updated={PRIVACY_UPDATED}
      intro={
        <Text>
          Your rights under the Kenya Data Protection Act, 2019 and how to use them. For what we collect and why, read our{' '}
          <ChakraLink asChild color="brand.fg" textDecoration="underline">
            <Link to="/privacy-policy">Privacy Policy</Link>
          </ChakraLink>
          .
        </Text>
      }
      sections={SECTIONS}
    >
      <Stack mt="12" p="6" borderWidth="1px" borderRadius="l3" bg="bg.subtle" gap="3" align="flex-start">
        <Heading as="h2" size="lg">
          Make a data request
        </Heading>
        <Text color="fg.muted">Access, correction, deletion, portability or objection — one e-mail starts it.</Text>
        <Button asChild colorPalette="teal">
          <a href={`mailto:${DPO_EMAIL}?subject=${encodeURIComponent('Data protection request')}`}>
            <Mail aria-hidden /> Email the Data Protection Officer
          </a>
        </Button>
      </Stack>
    </LegalDocument>
  );
}
