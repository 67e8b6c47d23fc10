import { useEffect, useState } from 'preact/hooks';

import { messageOf } from '../../shared/message-of.ts';
import { Alert, StepHeading } from '../../shared/ui.tsx';
import type { AuditEntry } from '../api.ts';
import { useConsole } from '../context.ts';
import { AuditTable } from './merchant-overview.tsx';

/** Every operator action, newest first: who, what, to which merchant, why. */
export function AuditLogSection() {
  const { api } = useConsole();
  const [entries, setEntries] = useState<AuditEntry[]>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  async function load(after: string | null) {
    try {
      const page = await api.auditLog({ cursor: after });
      setEntries((shown) => (after ? [...(shown ?? []), ...page.data] : page.data));
      setCursor(page.has_more ? page.next_cursor : null);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }
  useEffect(() => void load(null), []);

  return (
    <>
      <StepHeading lead="Every change made from this console or the CLI, with who made it and why. Nothing here can be edited.">
        Audit log
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      <section class="card" aria-labelledby="audit-title">
        <h2 id="audit-title">Operator actions</h2>
        {entries && entries.length === 0 && <p>No operator action yet.</p>}
        {entries && entries.length > 0 && <AuditTable entries={entries} showTarget />}
        {cursor && (
          <button class="button secondary" type="button" onClick={() => void load(cursor)}>
            Show older
          </button>
        )}
      </section>
    </>
  );
}
