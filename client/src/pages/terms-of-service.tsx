/** Terms of Service (docs/product-rules.md §2): last updated January 2025, eight numbered sections, links to the related documents. */
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { FileText, Lock, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '@/features/marketing/components/legal-document';
import { SUPPORT_EMAIL, USSD_CODE } from '@/features/marketing/constants';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    blocks: [
      'These Terms of Service ("Terms") govern your use of the Escrow Kenya website, USSD service (*384*40#), SMS notifications and any related services (together, the "Services"). By creating an account, creating a transaction or otherwise using the Services you agree to these Terms, to our Privacy Policy and to our Refund Policy.',
      'If you use the Services on behalf of a business, you confirm that you are authorised to bind that business to these Terms.',
    ],
  },
  {
    id: 'services',
    title: 'Our Services',
    blocks: [
      'Escrow Kenya provides payment-protection services for buyers and sellers in Kenya:',
      {
        list: [
          'Standard Escrow: the buyer pays into escrow; the seller is paid when the buyer confirms delivery, or automatically when the inspection period after dispatch ends without a dispute.',
          'Protected Escrow: escrow with dispute resolution coverage by our mediation team.',
          'Lipa Mdogo Mdogo (PayInstallment): an installment plan for items over KES 10,000 with a deposit of at least 20% and terms of 3, 6, 12 or 24 months. The seller dispatches only after full payment and ownership transfers after the last payment is confirmed.',
        ],
      },
      'Escrow Kenya is not a bank, a deposit-taking institution or a payment service provider. Funds are collected, held and paid out through licensed third-party institutions (including M-Pesa). We are in an MVP pilot phase: accounts are activated once the applicable regulatory licensing is complete.',
    ],
  },
  {
    id: 'accounts',
    title: 'Eligibility and Accounts',
    blocks: [
      {
        list: [
          'You must be at least 18 years old and able to enter into a binding contract under Kenyan law.',
          'You must register with a Kenyan mobile number that you control and verify it with the code we send by SMS.',
          'You are responsible for keeping your password and USSD PIN secret and for all activity on your account. Tell us immediately at ' +
            SUPPORT_EMAIL +
            ' if you suspect unauthorised use.',
          'The information you give us must be accurate and kept up to date. We may suspend accounts that give false information or that we reasonably suspect of fraud.',
        ],
      },
    ],
  },
  {
    id: 'transactions',
    title: 'Escrow Transactions and Payments',
    blocks: [
      {
        list: [
          "A transaction is created by the buyer with the seller's phone number, the item or service, and the price. The seller is notified by SMS.",
          'The buyer pays the price plus their share of the fee by M-Pesa or Airtel Money. We hold the money in escrow until it is released, refunded or ruled on.',
          'The seller must dispatch only after the transaction shows as funded (for Lipa Mdogo Mdogo: fully paid) and must mark it as dispatched.',
          'The buyer must inspect the item promptly and either confirm delivery or open a dispute. If the buyer does neither within the inspection period (72 hours after dispatch unless stated otherwise), the payment is released to the seller.',
          'Either party may cancel before any payment is made. After funding and before dispatch, a cancellation refunds the buyer in full.',
        ],
      },
    ],
  },
  {
    id: 'fees',
    title: 'Fees',
    blocks: [
      'Fees are set per amount band and per service, and are shown on the Pricing page and before you pay. Unless agreed otherwise, the fee is split 50/50 between buyer and seller: the buyer pays their share with the payment and the seller’s share is deducted from the payout. There are no hidden fees. Charges of your own mobile money account (M-Pesa or Airtel Money) may apply.',
      'Business customers may agree custom volume pricing with our sales team in writing.',
    ],
  },
  {
    id: 'disputes',
    title: 'Disputes, Refunds and Lipa Mdogo Mdogo',
    blocks: [
      'Either party may open a dispute before the payment is released. While a dispute is open the escrowed money is frozen. Both parties must provide the evidence we ask for (screenshots, chat history, delivery records or other proof) within the time we set.',
      'Our mediation team decides whether the payment is released to the seller, refunded to the buyer, or split between them. The decision is final, binding and irrevocable, and both parties agree to it by using the Services. Where the seller loses a dispute about goods, the buyer returns the item in its original condition and is refunded in full once the seller confirms receipt.',
      'Refunds and Lipa Mdogo Mdogo withdrawals follow our Refund Policy, which forms part of these Terms.',
    ],
  },
  {
    id: 'prohibited-use',
    title: 'Prohibited Use and Liability',
    blocks: [
      {
        list: [
          'You may not use the Services for illegal goods or services, money laundering, terrorist financing, fraud, or to move money that is not payment for a genuine sale.',
          'You may not interfere with the Services, attempt to access other accounts, or use automated means to overload them.',
          'We may refuse, hold or reverse transactions where required by law or by our licensed partners, and we cooperate with lawful requests from authorities.',
        ],
      },
      'We are responsible for holding and moving escrowed money as these Terms describe. We are not a party to the sale between buyer and seller and do not guarantee the quality, safety or legality of any item. To the extent the law allows, our total liability for any claim is limited to the fees we received for the transaction concerned; nothing in these Terms limits liability that cannot be limited under Kenyan law, including under the Consumer Protection Act, 2012.',
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing Law and Changes',
    blocks: [
      'These Terms are governed by the laws of Kenya. Disputes between you and Escrow Kenya that we cannot resolve with you directly are subject to the jurisdiction of the courts of Kenya sitting in Nairobi.',
      'We may update these Terms. We will tell you of material changes by SMS or on the website at least 14 days before they take effect; continuing to use the Services after that means you accept them.',
      `Questions about these Terms: ${SUPPORT_EMAIL}, or dial ${USSD_CODE}.`,
    ],
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="January 2025"
      intro={
        <Text>
          Please read these terms carefully. They explain how escrow, installments and disputes work on Escrow Kenya and what we and you
          agree to.
        </Text>
      }
      sections={SECTIONS}
    >
      <Stack as="aside" aria-labelledby="related-heading" gap="4" mt="14" p="6" borderWidth="1px" borderRadius="l3" bg="bg.subtle">
        <Heading as="h2" id="related-heading" size="lg">
          Related documents
        </Heading>
        <Flex gap="3" wrap="wrap">
          <Button asChild variant="outline">
            <Link to="/privacy-policy">
              <Lock aria-hidden /> Privacy Policy
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/refund-policy">
              <RotateCcw aria-hidden /> Refund Policy
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/data-protection">
              <FileText aria-hidden /> Data Protection
            </Link>
          </Button>
        </Flex>
      </Stack>
    </LegalDocument>
  );
}
