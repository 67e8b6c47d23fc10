import { Field } from '../../shared/ui.tsx';

/**
 * The second factor asked before money moves and at sign-in (decision 0065): the 6-digit code of
 * the member's authenticator app, or one of its recovery codes. The numeric keyboard on phones,
 * and the browser's one-time-code autofill.
 */
export function TwoFactorCodeField(props: {
  value: string;
  onValue: (value: string) => void;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field
      label={props.label ?? 'Two-factor code'}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={11}
      required
      value={props.value}
      onValue={props.onValue}
      hint={
        props.hint ??
        'The 6-digit code your authenticator app shows now, or one of your recovery codes.'
      }
      {...(props.autoFocus && { autoFocus: true })}
    />
  );
}
