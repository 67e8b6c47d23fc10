import type { ComponentChildren } from 'preact';

import type { Customer } from '../../shared/api.ts';
import { Link } from '../../shared/router.tsx';

export interface Section {
  path: string;
  title: string;
}

/** The frame of every signed-in page: who, the sections, sign out. */
export function CustomerLayout(props: {
  customer: Customer;
  sandbox: boolean;
  sections: readonly Section[];
  path: string;
  onSignOut: () => void;
  children: ComponentChildren;
}) {
  return (
    <div class="dash">
      <header class="topbar">
        <span class="brand">Tranche</span>
        <span class="who">
          {props.customer.first_name} {props.customer.last_name}
        </span>
        <button class="link-button" type="button" onClick={props.onSignOut}>
          Sign out
        </button>
      </header>
      {props.sandbox ? (
        <p class="banner" role="status">
          Test mode: these plans were paid with sandbox cards; no real money moves.
        </p>
      ) : (
        <div />
      )}
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
