/** Privacy Policy under the Kenya Data Protection Act, 2019: what we collect, why, on what lawful basis, who sees it, for how long. */
import { Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '@/features/marketing/components/legal-document';
import { SUPPORT_EMAIL } from '@/features/marketing/constants';
import { DPO_EMAIL, DPO_POSTAL, ODPC_URL, PRIVACY_UPDATED } from '@/features/marketing/content/data-protection';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    blocks: [
      'Escrow Kenya ("we", "us") provides escrow, installment (Lipa Mdogo Mdogo) and dispute resolution services from Nairobi, Kenya. For the personal data described here we are the data controller, and we are registered with the Office of the Data Protection Commissioner (ODPC) as a data controller and data processor as the Kenya Data Protection Act, 2019 (the "Act") requires.',
      `Our Data Protection Officer can be reached at ${DPO_EMAIL} or ${DPO_POSTAL}.`,
    ],
  },
  {
    id: 'data-we-collect',
    title: 'The personal data we collect',
    blocks: [
      {
        list: [
          'Identity and contact data: first and last name, mobile number, e-mail address (optional), account type (buyer, seller or both).',
          'Account security data: your password and USSD PIN, stored only as one-way hashes; verification codes, which expire after 10 minutes.',
          "Transaction data: amounts, fees, product or service names, the other party's phone number, payment status, M-Pesa and Airtel Money receipt numbers, installment schedules and the timeline of each transaction.",
          'Dispute data: the reason for a dispute and the evidence you upload (screenshots, chat history, delivery records and other proof).',
          'Channel data: USSD session identifiers and menu choices, the SMS messages we send you, and contact-form messages.',
          'Technical data: IP address, browser type and request logs, used to secure the service. We do not use advertising or third-party tracking cookies; the website keeps only your session and theme choice in your browser’s local storage.',
        ],
      },
      'We collect this data from you, from the other party to a transaction (for example the seller phone number a buyer enters), and from our payment partners when they confirm or fail a payment.',
    ],
  },
  {
    id: 'purposes-and-lawful-bases',
    title: 'Why we use it and our lawful bases',
    blocks: [
      'Section 30 of the Act allows processing only on a lawful basis. We rely on:',
      {
        list: [
          'Performance of a contract — to open your account, hold and release escrowed money, run installment plans, send transaction SMS and resolve disputes.',
          'Compliance with a legal obligation — to keep transaction records and verify customers under the Proceeds of Crime and Anti-Money Laundering Act, tax law and the requirements of our licensed payment partners and regulators.',
          'Legitimate interests — to prevent fraud and abuse (including rate limits on logins and codes), secure our systems, and improve the service, always balanced against your rights.',
          'Consent — for optional marketing messages. You can withdraw consent at any time by replying STOP, through USSD, or by writing to us; withdrawal does not affect earlier processing.',
        ],
      },
      'We do not make decisions about you based solely on automated processing that produce legal or similarly significant effects. Dispute rulings are made by people on our mediation team.',
    ],
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    blocks: [
      {
        list: [
          'The other party to your transaction: your name and masked phone number, the item and the status, so that the sale can be completed.',
          'Licensed payment partners (such as Safaricom M-Pesa) to collect and pay out money, and our SMS gateway (Africa’s Talking) to deliver messages.',
          'Service providers that host or support our systems, as data processors bound by written contracts under section 42 of the Act.',
          'Regulators, courts and law-enforcement agencies when the law requires it.',
        ],
      },
      'We never sell personal data.',
    ],
  },
  {
    id: 'cross-border-transfers',
    title: 'Transfers outside Kenya',
    blocks: [
      'We store personal data in Kenya wherever possible. When a service provider processes data outside Kenya, we transfer it only as sections 48 to 50 of the Act allow: to a country or organisation with appropriate safeguards for the protection of personal data, with proof of those safeguards given to the Data Commissioner where required, or with your consent. Data that the Data Commissioner or the Cabinet Secretary requires to be processed in Kenya is not transferred.',
    ],
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    blocks: [
      {
        list: [
          'Transaction, payment and customer-verification records: 7 years after the transaction or the end of our relationship, as anti-money-laundering law requires.',
          'Dispute evidence: 7 years after the dispute is closed, with the transaction it concerns.',
          'Contact-form messages: 24 months after we answer them.',
          'USSD session data and request logs: 12 months.',
          'Verification codes: until used or expired (10 minutes).',
        ],
      },
      'When the retention period ends we delete the data or anonymise it so that it can no longer identify you.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    blocks: [
      {
        node: (
          <Text color="fg.muted">
            Under section 26 of the Act you have the right to be informed, to access your data, to object to processing, to have false or
            misleading data corrected, to have data deleted, and to data portability. Our{' '}
            <ChakraLink asChild color="brand.fg" textDecoration="underline">
              <Link to="/data-protection">Data Protection page</Link>
            </ChakraLink>{' '}
            explains each right and how to use it. Write to {DPO_EMAIL}; we answer within the time the Data Protection (General)
            Regulations, 2021 allow.
          </Text>
        ),
      },
    ],
  },
  {
    id: 'security',
    title: 'Security and breaches',
    blocks: [
      'We protect personal data with encryption in transit, hashed passwords and PINs, role-based access for staff, audit logs of administrative actions and regular reviews. If a personal data breach creates a real risk of harm, we notify the Data Commissioner within 72 hours of becoming aware of it, as section 43 of the Act requires, and tell the people affected without undue delay, with what we know and what they can do.',
    ],
  },
  {
    id: 'children',
    title: 'Children',
    blocks: [
      'Our Services are for adults aged 18 and over. We do not knowingly collect data about children; if you think we have, contact us and we will delete it.',
    ],
  },
  {
    id: 'complaints-and-changes',
    title: 'Complaints and changes',
    blocks: [
      {
        node: (
          <Text color="fg.muted">
            If you are unhappy with how we handle your data, contact our Data Protection Officer first at {DPO_EMAIL}. You may also complain
            to the Office of the Data Protection Commissioner at{' '}
            <ChakraLink href={ODPC_URL} target="_blank" rel="noreferrer noopener" color="brand.fg" textDecoration="underline">
              www.odpc.go.ke
            </ChakraLink>
            . We will post changes to this policy here and tell you by SMS about material ones. General questions: {SUPPORT_EMAIL}.
          </Text>
        ),
      },
    ],
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      intro={
        <Text>
          How Escrow Kenya collects, uses, shares and protects your personal data, in line with the Kenya Data Protection Act, 2019.
        </Text>
      }
      sections={SECTIONS}
    />
  );
}
