import { useState } from 'preact/hooks';

import { messageOf } from '../../shared/message-of.ts';
import { useDashboard } from '../context.ts';

/**
 * Downloads a CSV export with this tab's session (the token never goes into a link): the file is
 * fetched, then saved from a blob under the name the API gave it. Says what it saved.
 */
export function DownloadButton(props: { path: string; children: string }) {
  const { api } = useDashboard();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();

  async function download() {
    setBusy(true);
    setOutcome(undefined);
    try {
      const { blob, filename } = await api.download(props.path);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click is handled; free the blob afterwards.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setOutcome({ ok: true, text: `Downloaded ${filename}` });
    } catch (caught) {
      setOutcome({ ok: false, text: messageOf(caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <span class="download">
      <button
        class="button secondary"
        type="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void download()}
      >
        {busy ? 'Preparing…' : props.children}
      </button>
      <span role="status" class={outcome?.ok === false ? 'download-note problem' : 'download-note'}>
        {outcome?.text}
      </span>
    </span>
  );
}
