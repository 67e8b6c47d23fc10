import net from 'node:net';

/**
 * A TCP proxy in front of a server (the sandbox gateway), for partition tests (B17): what a
 * caller meets when the network, not the server, misbehaves.
 * - `pass`: bytes both ways.
 * - `drop`: the connection is accepted, then nothing is forwarded and nothing answered.
 * - `delay`: each request chunk reaches the server `ms` later, even if the caller has given up
 *   by then (a late packet still lands); answers come back as they are.
 * - `half_open`: the request reaches the server, its answer never comes back, and the proxy
 *   never closes the connection.
 * - `reset`: the first request bytes are met with a TCP reset.
 * A connection keeps the mode it was accepted in; `setMode` closes every open connection so that
 * callers reconnect under the new one. Each request (first bytes after an answer, or on a new
 * connection) is timed until its first answer byte or the connection's end.
 */
export type ProxyMode =
  | { kind: 'pass' }
  | { kind: 'drop' }
  | { kind: 'delay'; ms: number }
  | { kind: 'half_open' }
  | { kind: 'reset' };

export interface ProxyExchange {
  mode: string;
  startedAt: number;
  ms: number;
  /** How it ended: an answer, the caller closing, or the proxy's reset. */
  end: 'answered' | 'closed' | 'reset';
}

export interface FaultProxy {
  url: string;
  setMode(mode: ProxyMode): void;
  /** Caller-side connections still open, and their server-side twins. */
  openSockets(): number;
  /** Caller-side connections still open with a request never answered: hung, unless closed. */
  unansweredSockets(): number;
  /** Request chunks a `delay` has yet to forward. */
  pendingForwards(): number;
  exchanges: ProxyExchange[];
  close(): Promise<void>;
}

export const modeName = (mode: ProxyMode): string =>
  mode.kind === 'delay' ? `delay_${mode.ms}ms` : mode.kind;

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: ProxyMode = { kind: 'pass' };
  const open = new Set<net.Socket>();
  const exchanges: ProxyExchange[] = [];
  const unanswered = new Set<net.Socket>();
  let pending = 0;

  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    // A reset from either side is part of the experiment, not a proxy failure.
    socket.on('error', () => undefined);
  };

  const server = net.createServer((client) => {
    track(client);
    const connectionMode = mode;
    const name = modeName(connectionMode);
    let current: { startedAt: number } | undefined;
    const finish = (end: ProxyExchange['end']) => {
      unanswered.delete(client);
      if (!current) return;
      exchanges.push({
        mode: name,
        startedAt: current.startedAt,
        ms: Date.now() - current.startedAt,
        end,
      });
      current = undefined;
    };
    client.once('close', () => finish('closed'));
    let upstream: net.Socket | undefined;
    const toServer = (): net.Socket => {
      if (upstream) return upstream;
      const socket = net.connect(target.port, target.host);
      track(socket);
      upstream = socket;
      socket.on('data', (chunk: Buffer) => {
        if (connectionMode.kind === 'half_open' || client.destroyed) return;
        finish('answered');
        client.write(chunk);
      });
      socket.once('close', () => {
        if (connectionMode.kind !== 'half_open') client.end();
      });
      client.once('close', () => {
        // A delayed request still lands after its caller left; then the server side closes.
        const linger = connectionMode.kind === 'delay' ? connectionMode.ms + 100 : 0;
        setTimeout(() => socket.destroy(), linger);
      });
      return socket;
    };
    client.on('data', (chunk: Buffer) => {
      current ??= { startedAt: Date.now() };
      unanswered.add(client);
      switch (connectionMode.kind) {
        case 'pass':
        case 'half_open':
          toServer().write(chunk);
          return;
        case 'drop':
          return;
        case 'reset':
          finish('reset');
          client.resetAndDestroy();
          return;
        case 'delay': {
          const socket = toServer();
          pending++;
          setTimeout(() => {
            pending--;
            if (!socket.destroyed) socket.write(chunk);
          }, connectionMode.ms);
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    setMode: (next) => {
      mode = next;
      for (const socket of open) socket.destroy();
    },
    openSockets: () => open.size,
    unansweredSockets: () => unanswered.size,
    pendingForwards: () => pending,
    exchanges,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
