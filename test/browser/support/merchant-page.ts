import { createServer, type Server } from 'node:http';

export interface MerchantPage {
  /** http://127.0.0.1:<port>: another origin than the checkout (localhost). */
  url: string;
  close(): Promise<void>;
}

/**
 * A bare merchant page for widget tests: one "Pay" button that opens the checkout for the
 * session token in `?token=`, recording every callback in `window.calls`. Long enough to
 * scroll, so the scroll lock can be observed. `window.detailed` keeps what onCancel and onEvent
 * received. `/other` serves an empty page (a foreign frame).
 */
export async function startMerchantPage(sdkUrl: string): Promise<MerchantPage> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant test page</title></head>
<body>
<main><h1>Merchant test page</h1>
<button id="pay" type="button">Pay in installments</button>
<div style="height:3000px">tall content</div></main>
<script src="${sdkUrl}"></script>
<script>
  window.calls = [];
  // What onCancel and onEvent received, whole (calls keeps the names only).
  window.detailed = [];
  const connect = TrancheConnect.init();
  const token = new URLSearchParams(location.search).get('token');
  document.getElementById('pay').addEventListener('click', () => connect.openCheckout({
    sessionToken: token,
    onSuccess: (result) => calls.push(['success', result.paymentPlanId]),
    onCancel: (details) => { calls.push(['cancel']); detailed.push(['cancel', details]); },
    onError: (error) => calls.push(['error', error.message, error.code]),
    onClose: (reason) => calls.push(['close', reason]),
    onEvent: (event) => { calls.push(['event', event.type]); detailed.push(['event', event]); },
  }));
</script>
</body></html>`;
  const server: Server = createServer((request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (request.url?.startsWith('/other')) {
      return response.end('<!doctype html><title>other</title>');
    }
    if (request.url?.startsWith('/thanks')) {
      return response.end('<!doctype html><title>Thanks</title><h1>Thanks for your order</h1>');
    }
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a browser's kept-alive connections would hold close()
      }),
  };
}
