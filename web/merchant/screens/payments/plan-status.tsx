// How the Payments pages name the API's plan and installment states.
import { plural } from '../../../shared/format.ts';
import type { PaymentPlan, PlanInstallment, PlanStatus } from '../../api/payments.ts';

export const PLAN_STATUSES: readonly { value: PlanStatus; label: string }[] = [
  { value: 'pending_deposit', label: 'Waiting for deposit' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'defaulted', label: 'Defaulted' },
  { value: 'cancelled', label: 'Cancelled' },
];

const INSTALLMENT_STATUSES: Record<string, string> = {
  scheduled: 'Scheduled',
  processing: 'Being collected',
  failed: 'Failed',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** The tone of a status pill: how the API's state reads at a glance (no rule behind it). */
const TONES: Record<string, 'good' | 'bad' | 'wait' | undefined> = {
  completed: 'good',
  active: 'good',
  paid: 'good',
  pending_deposit: 'wait',
  processing: 'wait',
  defaulted: 'bad',
  failed: 'bad',
};

export function StatusPill(props: { status: string; label: string }) {
  const tone = TONES[props.status];
  return <span class={tone ? `pay-status ${tone}` : 'pay-status'}>{props.label}</span>;
}

export const planStatusLabel = (status: string) =>
  PLAN_STATUSES.find((s) => s.value === status)?.label ?? status;
export const installmentStatusLabel = (status: string) => INSTALLMENT_STATUSES[status] ?? status;
export const installmentName = (i: PlanInstallment) =>
  i.sequence === 0 ? 'Deposit' : `Installment ${i.sequence}`;
export const scheduleOf = (plan: PaymentPlan) =>
  `${plan.upfront_pct}% upfront, then ${plural(plan.installment_count, `${plan.frequency} payment`, `${plan.frequency} payments`)}`;
