// What the messaging element (connect.js) and its learn-more view (messaging-dialog.js) both say.
// Amounts arrive from the API already in words; only the plan's shape is put into words here.

export const WORDS = {
  monthly: ['monthly', 'a month', 'month'],
  weekly: ['weekly', 'a week', 'week'],
} as const;

/** The learn-more view announces itself with this event (no global of its own). */
export const DIALOG_EVENT = 'tranche-messaging:dialog';

export function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

export const escapeHtml = (text: string | number): string =>
  String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Styles for a shadow root that survive the shop's CSP: a constructed stylesheet is not an inline
 * style, so `style-src` without 'unsafe-inline' (the demo store's) does not block it as it blocks
 * a <style> element. Browsers without constructed stylesheets get the <style> element.
 */
export function addStyles(root: ShadowRoot, css: string): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = css;
    root.prepend(style);
  }
}
