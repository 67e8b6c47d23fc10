import { useEffect, useState } from 'preact/hooks';

import { formatDateTime, formatNaira, plural } from '../../shared/format.ts';
import { messageOf } from '../../shared/message-of.ts';
import { Alert, Field, Spinner, StepHeading, SubmitButton } from '../../shared/ui.tsx';
import {
  addEvidence,
  answerDispute,
  type Dispute,
  listDisputes,
  uploadFile,
} from '../api/disputes.ts';
import { useDashboard } from '../context.ts';
import { StatusPill } from './payments/plan-status.tsx';

/** How the page names the API's dispute states (docs/money-rules.md §5c). */
const STATUS_LABELS: Record<Dispute['status'], string> = {
  needs_response: 'Needs your answer',
  under_review: 'Bank deciding',
  won: 'Won',
  lost: 'Lost',
};
const STATUS_TONES: Record<Dispute['status'], string> = {
  needs_response: 'defaulted',
  under_review: 'processing',
  won: 'completed',
  lost: 'failed',
};

/** The mode's disputes, newest first; the one chosen is answered below the list. */
export function DisputesSection() {
  const { api, merchant, mode } = useDashboard();
  const [disputes, setDisputes] = useState<Dispute[]>();
  const [error, setError] = useState<string>();
  const [openId, setOpenId] = useState<string>();

  async function load() {
    setError(undefined);
    try {
      setDisputes(await listDisputes(api, merchant.id, mode));
    } catch (caught) {
      setError(messageOf(caught));
    }
  }
  useEffect(() => {
    setDisputes(undefined);
    setOpenId(undefined);
    void load();
  }, [mode]);

  const open = disputes?.find((d) => d.id === openId);
  const replace = (updated: Dispute) =>
    setDisputes((shown) => shown?.map((d) => (d.id === updated.id ? updated : d)));

  return (
    <>
      <StepHeading lead="When a customer's bank disputes a payment, the money is taken back at once. Answer before the deadline to win it back.">
        Disputes
      </StepHeading>
      <section class="card" aria-labelledby="disputes-title">
        <h2 id="disputes-title">{mode === 'test' ? 'Test disputes' : 'Live disputes'}</h2>
        {error && <Alert>{error}</Alert>}
        {disputes === undefined ? (
          !error && <Spinner label="Loading disputes…" />
        ) : disputes.length === 0 ? (
          <p>No {mode} disputes. Nobody has disputed a payment.</p>
        ) : (
          <DisputesTable disputes={disputes} openId={openId} onOpen={setOpenId} />
        )}
      </section>
      {open && <DisputeAnswer key={open.id} dispute={open} onChanged={replace} />}
    </>
  );
}

function DisputesTable(props: {
  disputes: Dispute[];
  openId: string | undefined;
  onOpen: (id: string) => void;
}) {
  return (
    <>
      <p role="status" class="visually-hidden">
        {plural(props.disputes.length, 'dispute', 'disputes')} shown
      </p>
      <table class="table pay-table">
        <thead>
          <tr>
            <th scope="col">Payment</th>
            <th scope="col" class="money">
              Amount
            </th>
            <th scope="col">Answer by</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span class="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.disputes.map((d) => (
            <tr key={d.id}>
              <td data-label="Payment" class="pay-order">
                <span>
                  <span class="dispute-charge">{d.charge_reference}</span>
                  {d.reason && <span class="pay-secondary">“{d.reason}”</span>}
                </span>
              </td>
              <td data-label="Amount" class="money">
                {formatNaira(d.amount)}
              </td>
              <td data-label="Answer by">{d.due_at ? formatDateTime(d.due_at) : '—'}</td>
              <td data-label="Status">
                <StatusPill status={STATUS_TONES[d.status]} label={STATUS_LABELS[d.status]} />
              </td>
              <td data-label="Action">
                <button
                  type="button"
                  class="button secondary"
                  aria-expanded={props.openId === d.id}
                  onClick={() => props.onOpen(d.id)}
                >
                  {d.status === 'needs_response' ? 'Answer' : 'View'}
                  <span class="visually-hidden"> dispute of {formatNaira(d.amount)}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** What happened to the money, in one sentence for the dispute's state. */
function moneyLine(d: Dispute): string {
  const taken = formatNaira(d.balance_debited);
  switch (d.status) {
    case 'won':
      return `You won: ${formatNaira(d.returned_amount)} came back to your balance.`;
    case 'lost':
      return d.returned_amount > 0
        ? `Lost: the customer kept ${formatNaira(d.amount - d.returned_amount)}; ${formatNaira(d.returned_amount)} came back.`
        : `Lost: the customer kept ${formatNaira(d.amount)}.`;
    case 'under_review':
      return `You contested it; the bank is deciding. ${taken} stays out of your balance meanwhile.`;
    default:
      return `${taken} was taken from your available balance (Tranche's fee on it is returned by Tranche).`;
  }
}

const readAsBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });

/** One dispute: its facts, and while it needs an answer, evidence, a file, then accept or decline. */
function DisputeAnswer(props: { dispute: Dispute; onChanged: (d: Dispute) => void }) {
  const { api, merchant } = useDashboard();
  const d = props.dispute;
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [email, setEmail] = useState(d.evidence?.customer_email ?? '');
  const [name, setName] = useState(d.evidence?.customer_name ?? '');
  const [phone, setPhone] = useState(d.evidence?.customer_phone ?? '');
  const [details, setDetails] = useState(d.evidence?.service_details ?? '');
  const [address, setAddress] = useState(d.evidence?.delivery_address ?? '');
  const [file, setFile] = useState<File>();
  const [message, setMessage] = useState(d.merchant_message ?? '');
  const answerable = d.status === 'needs_response';

  async function run(what: string, action: () => Promise<Dispute>, done: string) {
    setBusy(what);
    setError(undefined);
    setNotice(undefined);
    try {
      props.onChanged(await action());
      setNotice(done);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section class="card" aria-labelledby="dispute-title">
      <h2 id="dispute-title">Dispute of {formatNaira(d.amount)}</h2>
      <p>
        <StatusPill status={STATUS_TONES[d.status]} label={STATUS_LABELS[d.status]} />{' '}
        {moneyLine(d)}
      </p>
      <dl class="pay-facts">
        <dt>Payment</dt>
        <dd class="dispute-charge">{d.charge_reference}</dd>
        {d.reason && (
          <>
            <dt>Customer says</dt>
            <dd>{d.reason}</dd>
          </>
        )}
        {d.due_at && (
          <>
            <dt>Answer by</dt>
            <dd>{formatDateTime(d.due_at)}</dd>
          </>
        )}
        {d.merchant_message && (
          <>
            <dt>Your message</dt>
            <dd>{d.merchant_message}</dd>
          </>
        )}
      </dl>
      {error && <Alert>{error}</Alert>}
      <p role="status">{notice}</p>
      {answerable && (
        <>
          <form
            class="dispute-step"
            onSubmit={(event) => {
              event.preventDefault();
              void run(
                'evidence',
                () =>
                  addEvidence(api, merchant.id, d.id, {
                    customer_email: email.trim(),
                    customer_name: name.trim(),
                    customer_phone: phone.trim(),
                    service_details: details.trim(),
                    ...(address.trim() !== '' && { delivery_address: address.trim() }),
                  }),
                'Evidence sent.',
              );
            }}
          >
            <h3>1. Evidence</h3>
            <Field
              label="Customer's email"
              type="email"
              value={email}
              onValue={setEmail}
              required
            />
            <Field
              label="Customer's name"
              value={name}
              onValue={setName}
              required
              maxLength={200}
            />
            <Field label="Customer's phone" type="tel" value={phone} onValue={setPhone} required />
            <Field
              label="What you sold and how it reached them"
              value={details}
              onValue={setDetails}
              required
              maxLength={2000}
            />
            <Field label="Delivery address (optional)" value={address} onValue={setAddress} />
            <SubmitButton busy={busy === 'evidence'} busyLabel="Sending…">
              {d.evidence ? 'Send evidence again' : 'Send evidence'}
            </SubmitButton>
          </form>
          <form
            class="dispute-step"
            onSubmit={(event) => {
              event.preventDefault();
              const chosen = file;
              if (!chosen) {
                setError('Choose a PDF, PNG or JPEG file first.');
                return;
              }
              void run(
                'file',
                async () =>
                  uploadFile(api, merchant.id, d.id, {
                    filename: chosen.name,
                    content_type: chosen.type,
                    content_base64: await readAsBase64(chosen),
                  }),
                `${chosen.name} uploaded.`,
              );
            }}
          >
            <h3>2. Proof</h3>
            <div class="field">
              <label for="dispute-file">
                Receipt, delivery note or chat (PDF, PNG or JPEG, 2 MB)
              </label>
              <input
                id="dispute-file"
                type="file"
                accept="application/pdf,image/png,image/jpeg"
                onChange={(event) => setFile(event.currentTarget.files?.[0])}
              />
              <p class="hint">
                {d.file_uploaded
                  ? 'A file is uploaded; a new one replaces it.'
                  : 'Required before you answer.'}
              </p>
            </div>
            <SubmitButton busy={busy === 'file'} busyLabel="Uploading…">
              Upload file
            </SubmitButton>
          </form>
          <form class="dispute-step" onSubmit={(event) => event.preventDefault()}>
            <h3>3. Your answer</h3>
            <div class="field">
              <label for="dispute-message">Message to the bank</label>
              <textarea
                id="dispute-message"
                rows={3}
                maxLength={1000}
                value={message}
                onInput={(event) => setMessage(event.currentTarget.value)}
              />
            </div>
            <div class="inline-actions">
              {(['decline', 'accept'] as const).map((decision) => (
                <button
                  key={decision}
                  type="button"
                  class={decision === 'decline' ? 'button' : 'button secondary'}
                  disabled={busy !== undefined}
                  aria-busy={busy === decision}
                  onClick={() => {
                    if (message.trim() === '') {
                      setError('Write a message to the bank first.');
                      return;
                    }
                    void run(
                      decision,
                      () => answerDispute(api, merchant.id, d.id, decision, message.trim()),
                      decision === 'decline'
                        ? 'You contested the dispute. The bank decides next.'
                        : 'You accepted the dispute. The customer keeps the money.',
                    );
                  }}
                >
                  {decision === 'decline' ? 'Contest (decline)' : 'Accept: refund the customer'}
                </button>
              ))}
            </div>
          </form>
        </>
      )}
    </section>
  );
}
