import { Writable } from 'node:stream';

import { pino } from 'pino';
import { describe, expect, it } from 'vitest';

import { logMailChannel } from './log-mail.ts';

describe('e-mail to the log (SMTP_URL unset)', () => {
  it('writes the whole message, with its Message-ID, at info', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const channel = logMailChannel(pino({ level: 'info' }, sink), 'Tranche <n@t.test>', 't.test');
    await channel.send({
      id: 'nto_abc',
      kind: 'payment_receipt',
      customerId: 'cus_1',
      recipient: { email: 'ada@mail.test', name: 'Ada Obi' },
      rendered: { subject: 'Receipt: ₦1.00', summary: 's', text: 'Hi Ada,\n\nThanks.' },
      data: {},
      at: new Date('2027-03-09T08:00:00Z'),
    });
    const logged = JSON.parse(lines.join('')) as { level: number; email: Record<string, string> };
    expect(logged.level).toBe(30);
    expect(logged.email).toEqual({
      from: 'Tranche <n@t.test>',
      to: 'ada@mail.test',
      subject: 'Receipt: ₦1.00',
      message_id: '<nto_abc@t.test>',
      date: '2027-03-09T08:00:00.000Z',
      text: 'Hi Ada,\n\nThanks.',
    });
  });
});
