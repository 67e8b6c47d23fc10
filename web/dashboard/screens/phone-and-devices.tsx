import { useEffect, useState } from 'preact/hooks';

import { ApiError, type Customer, type RememberedDeviceView } from '../../shared/api.ts';
import { messageFor } from '../../shared/customer/messages.ts';
import { formatDateTime } from '../../shared/format.ts';
import { Alert, Field, SubmitButton } from '../../shared/ui.tsx';
import { useAsyncAction } from '../../shared/use-async-action.ts';
import { useCustomerDashboard } from '../context.ts';

const describe = (caught: unknown) =>
  caught instanceof ApiError ? messageFor(caught) : 'That did not work. Try again.';

/**
 * The phone that sign-in codes and texts go to, once verified (decision 0053), and the browsers
 * remembered at a shop's checkout, each revocable (decision 0054).
 */
export function PhoneAndDevicesCard() {
  const { api } = useCustomerDashboard();
  const [me, setMe] = useState<Customer>();
  const [devices, setDevices] = useState<RememberedDeviceView[]>();
  const [error, setError] = useState<string>();

  async function load() {
    try {
      const [who, remembered] = await Promise.all([api.me(), api.rememberedDevices()]);
      setMe(who);
      setDevices(remembered);
    } catch (caught) {
      setError(describe(caught));
    }
  }
  useEffect(() => void load(), []);

  return (
    <section class="card" aria-labelledby="phone-devices">
      <h2 id="phone-devices">Phone and devices</h2>
      {error && <Alert>{error}</Alert>}
      {me &&
        (me.phone_verified ? (
          <p>{me.phone} is verified: sign-in codes and texts about your payments can go to it.</p>
        ) : (
          <VerifyPhone phone={me.phone} onVerified={setMe} />
        ))}
      {devices && (
        <>
          <h3 class="legend">Remembered at a shop’s checkout</h3>
          {devices.length === 0 && <p class="pay-empty">No device is remembered.</p>}
          <ul class="notice-list">
            {devices.map((d) => (
              <li key={d.id}>
                <p>
                  {d.label} at {d.merchant_name}, last used {formatDateTime(d.last_used_at)}, until{' '}
                  {formatDateTime(d.expires_at)}.{' '}
                  <button
                    class="link-button"
                    type="button"
                    onClick={() =>
                      void api.revokeRememberedDevice(d.id).then(
                        () => void load(),
                        (caught: unknown) => setError(describe(caught)),
                      )
                    }
                  >
                    Forget this device
                  </button>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function VerifyPhone(props: { phone: string; onVerified: (who: Customer) => void }) {
  const { api } = useCustomerDashboard();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const asking = useAsyncAction({ describe });
  const checking = useAsyncAction({ describe });
  return (
    <>
      {(asking.error ?? checking.error) && <Alert>{asking.error ?? checking.error}</Alert>}
      <p>Verify {props.phone} to sign in with a code by SMS and to get reminders by text.</p>
      {!sent ? (
        <button
          class="button secondary"
          type="button"
          disabled={asking.busy}
          onClick={() =>
            void asking.run(async () => {
              await api.requestPhoneVerification();
              setSent(true);
            })
          }
        >
          Text me a code
        </button>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void checking.run(async () =>
              props.onVerified(await api.confirmPhoneVerification(code)),
            );
          }}
        >
          <Field
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onValue={(v) => setCode(v.replace(/\D/g, ''))}
          />
          <SubmitButton busy={checking.busy} busyLabel="Checking…">
            Verify my phone
          </SubmitButton>
        </form>
      )}
    </>
  );
}
