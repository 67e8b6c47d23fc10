// Paths under one app's root (/merchant, /admin), with history: a link is a real <a href> (open
// in a new tab works), a plain click moves within the app.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();

export function navigate(path: string): void {
  history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return path;
}

export function Link(props: { href: string; children: ComponentChildren; current?: boolean }) {
  return (
    <a
      href={props.href}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}
