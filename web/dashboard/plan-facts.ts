// What a plan's installments say, added up for reading. Display only: the API decides what
// pay-now and pay-off charge; these sums are integer kobo, never floats.
import type { Method, PaymentPlan } from '../shared/api.ts';

export type Installment = PaymentPlan['installments'][number];

const OPEN_PLAN = new Set(['pending_deposit', 'active', 'defaulted']);
const UNPAID = new Set(['scheduled', 'processing', 'failed']);

export function isOpen(plan: PaymentPlan): boolean {
  // The schema types status loosely (a union built from a list): read it as the string it is.
  return OPEN_PLAN.has(String(plan.status));
}

export interface PlanFigures {
  totalKobo: number;
  paidKobo: number;
  leftKobo: number;
  /** Failed installments, and scheduled ones whose date has passed: what pay-now would take. */
  overdue: Installment[];
  overdueKobo: number;
  /** The next installment to be debited on its date (scheduled or processing, not yet due). */
  next: Installment | undefined;
}

export function planFigures(plan: PaymentPlan, nowMs: number): PlanFigures {
  const live = plan.installments.filter((i) => i.status !== 'cancelled');
  const sum = (list: Installment[]) => list.reduce((total, i) => total + i.amount, 0);
  const unpaid = live.filter((i) => UNPAID.has(i.status));
  const overdue = unpaid.filter(
    (i) => i.status === 'failed' || (i.status === 'scheduled' && Date.parse(i.due_at) <= nowMs),
  );
  const next = unpaid
    .filter((i) => !overdue.includes(i))
    .sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at))[0];
  return {
    totalKobo: sum(live),
    paidKobo: sum(live.filter((i) => i.status === 'paid')),
    leftKobo: sum(unpaid),
    overdue,
    overdueKobo: sum(overdue),
    next,
  };
}

export const PLAN_STATUS: Record<string, { text: string; tone: 'good' | 'wait' | 'bad' | '' }> = {
  pending_deposit: { text: 'Deposit being collected', tone: 'wait' },
  active: { text: 'Active', tone: 'good' },
  completed: { text: 'Paid off', tone: 'good' },
  defaulted: { text: 'Payments overdue', tone: 'bad' },
  cancelled: { text: 'Cancelled', tone: '' },
};

export const INSTALLMENT_STATUS: Record<
  string,
  { text: string; tone: 'good' | 'wait' | 'bad' | '' }
> = {
  scheduled: { text: 'Scheduled', tone: '' },
  processing: { text: 'Processing', tone: 'wait' },
  failed: { text: 'Failed', tone: 'bad' },
  paid: { text: 'Paid', tone: 'good' },
  cancelled: { text: 'Cancelled', tone: '' },
};

export function installmentName(installment: Installment, count: number): string {
  return installment.sequence === 0 ? 'Deposit' : `Installment ${installment.sequence} of ${count}`;
}

/** The shop's line items in a line: "1 × Samsung Galaxy A15, 2 × Phone case". */
export function itemsText(items: NonNullable<PaymentPlan['line_items']>): string {
  return items.map((item) => `${item.quantity} × ${item.name}`).join(', ');
}

export function methodText(method: Method): string {
  if (method.type === 'card' && method.exp_month && method.exp_year) {
    return `${method.label} •••• ${method.last4}, expires ${method.exp_month}/${method.exp_year.slice(-2)}`;
  }
  return method.type === 'card' ? `${method.label} •••• ${method.last4}` : method.label;
}

/** The methods a picker offers: the plan's own first, then the others as listed. */
export function methodsPlanFirst(methods: readonly Method[], planMethodId: string): Method[] {
  return [
    ...methods.filter((m) => m.id === planMethodId),
    ...methods.filter((m) => m.id !== planMethodId),
  ];
}
