import type { ComponentChildren } from 'preact';

import { Link } from '../../shared/router.tsx';

export interface Section {
  path: string;
  title: string;
}

/** The frame of every signed-in page: who is acting, the sections, sign-out. */
export function ConsoleLayout(props: {
  operator: string;
  sections: readonly Section[];
  path: string;
  onSignOut: () => void;
  children: ComponentChildren;
}) {
  return (
    <div class="dash console">
      <header class="topbar">
        <span class="brand">Tranche operator console</span>
        <span class="who">
          Signed in as <strong>{props.operator}</strong>
        </span>
        <button class="link-button" type="button" onClick={props.onSignOut}>
          Sign out
        </button>
      </header>
      <p class="banner" role="note">
        Every change you make here is recorded in the audit log under your name, with your reason.
      </p>
      <div class="body">
        <nav class="sidenav" aria-label="Console">
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
