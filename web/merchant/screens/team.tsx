import { useEffect, useId, useState } from 'preact/hooks';

import { formatNaira, koboToNairaInput, parseNairaToKobo } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, Field, Spinner, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import {
  changeRole,
  getTeam,
  inviteMember,
  removeMember,
  type Role,
  setSupportRefundLimit,
  type Team,
  type TeamMember,
} from '../api/team.ts';
import { useDashboard } from '../context.ts';
import { TableScroll } from './table-scroll.tsx';
import { TwoFactorCard } from './two-factor.tsx';

const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  support: 'Support',
  finance: 'Finance',
  viewer: 'Viewer',
};

/**
 * The team (decision 0064): who signs in to this dashboard and with which role; owners and admins
 * invite, change roles and remove (the API judges each change; this screen only offers what the
 * signed-in role may do).
 */
export function TeamSection() {
  const { api, merchant, member } = useDashboard();
  const [team, setTeam] = useState<Team>();
  const [error, setError] = useState<string>();
  const manages = member.permissions.includes('manage_team');

  const load = async () => {
    try {
      setTeam(await getTeam(api, merchant.id));
    } catch (caught) {
      setError(messageOf(caught, 'The team could not be loaded.'));
    }
  };
  useEffect(() => {
    void load();
  }, [merchant.id]);

  return (
    <>
      <StepHeading lead="Who signs in to this dashboard, and what each of them may do.">
        Team
      </StepHeading>
      {error && <Alert>{error}</Alert>}
      {team === undefined ? (
        !error && <Spinner label="Loading your team…" />
      ) : (
        <>
          <TwoFactorCard />
          <MembersCard team={team} manages={manages} onChanged={load} />
          {manages && <InviteCard roles={team.roles} onInvited={load} />}
          <RefundLimitCard team={team} onSaved={setTeam} />
          <RolesCard team={team} />
        </>
      )}
    </>
  );
}

function MembersCard(props: { team: Team; manages: boolean; onChanged: () => Promise<void> }) {
  const { member } = useDashboard();
  return (
    <section class="card" aria-labelledby="members-title">
      <h2 id="members-title">Members</h2>
      <TableScroll label="Team members">
        <table class="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              {props.manages && <th scope="col">Change</th>}
            </tr>
          </thead>
          <tbody>
            {props.team.members.map((m) => (
              <MemberRow
                key={m.id}
                row={m}
                you={m.id === member.id}
                manages={props.manages}
                onChanged={props.onChanged}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function MemberRow(props: {
  row: TeamMember;
  you: boolean;
  manages: boolean;
  onChanged: () => Promise<void>;
}) {
  const { api, merchant } = useDashboard();
  const { row } = props;
  const [role, setRole] = useState<Role>(row.role);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, 'The change failed.'),
  });
  const selectId = useId();
  const fixed = row.account_holder || props.you;
  return (
    <tr>
      <td>
        <span class="member-name">{row.name}</span>
        {props.you && ' (you)'}
        <br />
        <span class="hint">{row.email}</span>
        {row.account_holder && <span class="hint"> · account holder</span>}
      </td>
      <td>{ROLE_NAMES[row.role]}</td>
      <td>{row.status === 'invited' ? 'Invited' : 'Active'}</td>
      {props.manages && (
        <td>
          {fixed ? (
            <span class="hint">{row.account_holder ? 'Always an owner' : 'You'}</span>
          ) : (
            <div class="member-actions">
              <label class="visually-hidden" for={selectId}>
                Role of {row.name}
              </label>
              <select
                id={selectId}
                value={role}
                onChange={(e) => setRole(e.currentTarget.value as Role)}
              >
                {(Object.keys(ROLE_NAMES) as Role[]).map((r) => (
                  <option key={r} value={r}>
                    {ROLE_NAMES[r]}
                  </option>
                ))}
              </select>
              <button
                type="button"
                class="button secondary"
                disabled={busy || role === row.role}
                onClick={() =>
                  void run(async () => {
                    await changeRole(api, merchant.id, row.id, role);
                    await props.onChanged();
                  })
                }
              >
                Save role
              </button>
              {confirmRemove ? (
                <>
                  <button
                    type="button"
                    class="button secondary"
                    disabled={busy}
                    onClick={() =>
                      void run(async () => {
                        await removeMember(api, merchant.id, row.id);
                        await props.onChanged();
                      })
                    }
                  >
                    Remove {row.name} now
                  </button>
                  <button type="button" class="link-button" onClick={() => setConfirmRemove(false)}>
                    Keep
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  class="link-button"
                  disabled={busy}
                  onClick={() => setConfirmRemove(true)}
                >
                  Remove
                </button>
              )}
            </div>
          )}
          {error && <Alert>{error}</Alert>}
        </td>
      )}
    </tr>
  );
}

function InviteCard(props: { roles: Team['roles']; onInvited: () => Promise<void> }) {
  const { api, merchant } = useDashboard();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [sent, setSent] = useState<string>();
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, 'The invitation failed.'),
  });
  const roleId = useId();
  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    setSent(undefined);
    await run(async () => {
      const invited = await inviteMember(api, merchant.id, {
        email: email.trim(),
        name: name.trim(),
        role,
      });
      setSent(`Invitation sent to ${invited.email}: the link in it works for seven days.`);
      setEmail('');
      setName('');
      await props.onInvited();
    });
  }
  return (
    <section class="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a team member</h2>
      {error && <Alert>{error}</Alert>}
      {sent && (
        <p class="notice" role="status">
          {sent}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Name" required maxLength={100} value={name} onValue={setName} />
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onValue={setEmail}
        />
        <div class="field">
          <label for={roleId}>Role</label>
          <select id={roleId} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
            {props.roles.map((r) => (
              <option key={r.role} value={r.role}>
                {ROLE_NAMES[r.role]}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton busy={busy} busyLabel="Sending…">
          Send invitation
        </SubmitButton>
      </form>
    </section>
  );
}

function RefundLimitCard(props: { team: Team; onSaved: (team: Team) => void }) {
  const { api, merchant, member } = useDashboard();
  const current = props.team.support_refund_limit_kobo;
  const [amount, setAmount] = useState(current === null ? '' : koboToNairaInput(current));
  const [fieldError, setFieldError] = useState<string>();
  const { busy, error, run } = useAsyncAction({
    describe: (caught) => messageOf(caught, 'The limit was not saved.'),
  });
  const owner = member.role === 'owner';
  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    const kobo = amount.trim() === '' ? null : parseNairaToKobo(amount);
    if (kobo === undefined) return setFieldError('Enter an amount in naira, like 5000.');
    setFieldError(undefined);
    await run(async () => props.onSaved(await setSupportRefundLimit(api, merchant.id, kobo)));
  }
  return (
    <section class="card" aria-labelledby="refund-limit-title">
      <h2 id="refund-limit-title">Support refund limit</h2>
      <p class="hint">
        {current === null
          ? 'Support members cannot refund until an owner sets a limit.'
          : `A support member may refund up to ${formatNaira(current)} at once.`}
      </p>
      {owner && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          {error && <Alert>{error}</Alert>}
          <Field
            label="Most one refund by support may be (naira)"
            inputMode="decimal"
            hint="Leave it empty to let support refund nothing."
            value={amount}
            onValue={setAmount}
            error={fieldError}
          />
          <SubmitButton busy={busy} busyLabel="Saving…">
            Save limit
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

function RolesCard(props: { team: Team }) {
  return (
    <section class="card" aria-labelledby="roles-title">
      <h2 id="roles-title">What each role may do</h2>
      <dl class="roles-list">
        {props.team.roles.map((r) => (
          <div key={r.role}>
            <dt>{ROLE_NAMES[r.role]}</dt>
            <dd>{r.summary}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
