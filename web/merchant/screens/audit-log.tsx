import { useEffect, useState } from 'preact/hooks';

import { formatDateTime } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, Spinner, StepHeading } from '../../shared/ui.tsx';
import { listMemberActions, type MemberAction } from '../api/team.ts';
import { useDashboard } from '../context.ts';
import { TableScroll } from './table-scroll.tsx';

/** The merchant audit log (decision 0064): which team member changed what, and when. */
export function AuditLogSection() {
  const { api, merchant } = useDashboard();
  const [actions, setActions] = useState<MemberAction[]>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  const load = async (after?: string) => {
    try {
      const page = await listMemberActions(api, merchant.id, after);
      setActions((shown) => [...(after ? (shown ?? []) : []), ...page.data]);
      setCursor(page.next_cursor);
    } catch (caught) {
      setError(messageOf(caught, 'The audit log could not be loaded.'));
    }
  };
  useEffect(() => {
    void load();
  }, [merchant.id]);

  return (
    <>
      <StepHeading lead="Every change a team member made from this dashboard, newest first.">
        Audit log
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      {actions === undefined ? (
        !error && <Spinner label="Loading the audit log…" />
      ) : actions.length === 0 ? (
        <p class="card">Nothing yet: changes made from the dashboard will be listed here.</p>
      ) : (
        <section class="card" aria-label="Changes">
          <TableScroll label="Audit log">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {actions.map((a) => (
                  <tr key={a.id}>
                    <td>{formatDateTime(a.created_at)}</td>
                    <td>
                      {a.member_name}
                      <br />
                      <span class="hint">{a.member_role}</span>
                    </td>
                    <td>
                      {a.description}
                      <br />
                      <span class="hint audit-path">
                        {a.method} {a.path}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {cursor !== null && (
            <button type="button" class="button secondary" onClick={() => void load(cursor)}>
              Show older
            </button>
          )}
        </section>
      )}
    </>
  );
}
