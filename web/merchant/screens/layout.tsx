import type { ComponentChildren } from 'preact';

import { Link } from '../../shared/router.tsx';
import type { MerchantRecord, Mode } from '../api/index.ts';

export interface Section {
  path: string;
  title: string;
}

/** The frame of every signed-in page: who, which mode, the account's state, the sections. */
export function DashboardLayout(props: {
  merchant: MerchantRecord;
  /** "Ada (support)": the signed-in team member (decision 0064). */
  memberLabel?: string;
  mode: Mode;
  onMode: (mode: Mode) => void;
  onSignOut: () => void;
  sections: readonly Section[];
  path: string;
  children: ComponentChildren;
}) {
  const { merchant, mode } = props;
  const liveLocked = merchant.status !== 'active';
  return (
    <div class="dash">
      <header class="topbar">
        <span class="brand">Tranche</span>
        <span class="who">
          {merchant.business_name}
          {props.memberLabel && <span class="who-member"> · {props.memberLabel}</span>}
        </span>
        <div class="mode-switch" role="group" aria-label="Data shown">
          <button
            type="button"
            class="test"
            aria-pressed={mode === 'test'}
            onClick={() => props.onMode('test')}
          >
            Test
          </button>
          <button
            type="button"
            aria-pressed={mode === 'live'}
            disabled={liveLocked}
            title={liveLocked ? 'Live mode opens once Tranche approves your account' : undefined}
            onClick={() => props.onMode('live')}
          >
            Live
          </button>
        </div>
        <button class="link-button" type="button" onClick={props.onSignOut}>
          Sign out
        </button>
      </header>
      <AccountBanner merchant={merchant} mode={mode} />
      <div class="body">
        <nav class="sidenav" aria-label="Dashboard">
          {props.sections.map((section) => (
            <Link key={section.path} href={section.path} current={props.path === section.path}>
              {section.title}
            </Link>
          ))}
        </nav>
        <main class="section">{props.children}</main>
      </div>
    </div>
  );
}

function AccountBanner(props: { merchant: MerchantRecord; mode: Mode }) {
  if (props.merchant.status === 'pending_approval') {
    return (
      <p class="banner" role="status">
        Waiting for approval: Tranche is reviewing your business. Test mode works now; live payments
        open once you are approved.
      </p>
    );
  }
  if (props.merchant.status === 'deactivated') {
    return (
      <p class="banner danger" role="alert">
        Your account is deactivated: your keys are refused and no checkout can start.
        {props.merchant.deactivation_reason &&
          ` Reason given by Tranche: ${props.merchant.deactivation_reason}`}{' '}
        Contact Tranche support to have it reactivated.
      </p>
    );
  }
  if (props.mode === 'test') {
    return (
      <p class="banner" role="status">
        You are looking at test data: sandbox payments, no real money.
      </p>
    );
  }
  return null;
}
