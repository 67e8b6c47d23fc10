import type { AddressInfo } from 'node:net';

import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope recipients (RCPT TO). */
  recipients: string[];
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL is set to. */
  url: string;
  received: ReceivedMail[];
  /** The next `count` messages are refused at RCPT TO with this reply (e.g. 451 or 550). */
  refuseNext(count: number, responseCode: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on an ephemeral loopback port (the `smtp-server` package): plain SMTP, no
 * authentication, every accepted message parsed with mailparser and kept in order.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals: { left: number; responseCode: number } = { left: 0, responseCode: 451 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals.left > 0) {
        refusals = { ...refusals, left: refusals.left - 1 };
        const error = Object.assign(new Error('Mailbox unavailable (test refusal)'), {
          responseCode: refusals.responseCode,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({ recipients: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (count, responseCode) => {
      refusals = { left: count, responseCode };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
