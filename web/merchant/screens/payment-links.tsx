import { useState } from 'preact/hooks';

import { StepHeading } from '../../shared/ui.tsx';
import type { PaymentLink } from '../api/links.ts';
import { useDashboard } from '../context.ts';
import { LinksCard } from './payment-links/links-card.tsx';
import { NewLinkCard } from './payment-links/new-link-card.tsx';

/** Reusable links that open checkout without a server (decision 0011), in the mode shown. */
export function PaymentLinksSection() {
  const { mode } = useDashboard();
  const [created, setCreated] = useState<PaymentLink>();
  return (
    <>
      <StepHeading
        lead={
          mode === 'test'
            ? 'Share a link, or print its QR code: each visit opens a checkout. Test links open sandbox checkouts, no real money.'
            : 'Share a link, or print its QR code: each visit opens a checkout for real payments.'
        }
      >
        Payment links
      </StepHeading>
      <NewLinkCard key={`new-${mode}`} onCreated={setCreated} />
      <LinksCard key={`list-${mode}`} created={created} />
    </>
  );
}
