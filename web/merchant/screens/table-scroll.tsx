import type { ComponentChildren } from 'preact';

/**
 * A table too wide for a phone scrolls inside this box, never the page (issue 28 item 5). The box
 * takes the keyboard focus, so it scrolls with the arrow keys too; its label says what it holds.
 */
export function TableScroll(props: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-scroll" role="region" aria-label={props.label} tabIndex={0}>
      {props.children}
    </div>
  );
}
