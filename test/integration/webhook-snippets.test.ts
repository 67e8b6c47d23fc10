import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

/**
 * The signature snippets of docs/webhooks.md are code merchants will paste: run the Node and
 * Python ones against a signed body. (No PHP interpreter on this machine kind: that snippet is
 * not run.)
 */
const page = readFileSync('docs/webhooks.md', 'utf8');
const section = page.slice(page.indexOf('## Verifying the signature'));
const block = (lang: string) => {
  const match = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(section);
  if (!match?.[1]) throw new Error(`no ${lang} snippet in docs/webhooks.md`);
  return match[1];
};

const secret = 'whsec_docs_test_secret';
const body =
  '{"id":"evt_1","event":"payment.success","created_at":"2026-11-21T10:00:00.000Z","data":{"naira":"₦"}}';
const signature = createHmac('sha512', secret).update(body, 'utf8').digest('hex');

describe('docs/webhooks.md signature snippets', () => {
  it('Node: accepts the right signature, refuses a wrong one', () => {
    const fn = block('js').split('\napp.post')[0] ?? '';
    const script = `${fn}\nconst body = Buffer.from(process.argv[1], 'utf8');\nconsole.log(verifyTranche(body, process.argv[2], process.argv[3]), verifyTranche(body, process.argv[2].replace(/.$/, '0'), process.argv[3]), verifyTranche(body, undefined, process.argv[3]));`;
    const res = spawnSync(process.execPath, ['-e', script, body, signature, secret], {
      encoding: 'utf8',
    });
    expect(res.stderr).toBe('');
    expect(res.stdout.trim()).toBe(
      signature.endsWith('0') ? 'true true false' : 'true false false',
    );
  });

  it('Python: accepts the right signature, refuses a wrong one', () => {
    const script = `${block('python')}\nimport sys\nraw = sys.stdin.buffer.read()\nprint(verify_tranche(raw, sys.argv[1], sys.argv[2]), verify_tranche(raw, "0" * 128, sys.argv[2]), verify_tranche(raw, None, sys.argv[2]))`;
    const res = spawnSync('python3', ['-c', script, signature, secret], {
      input: body,
      encoding: 'utf8',
    });
    expect(res.stderr).toBe('');
    expect(res.stdout.trim()).toBe('True False False');
  });
});
