/**
 * The sign-in callback's loopback listener: one HTTP handler on one port of one or more loopback
 * addresses. A redirect to `localhost` (Claude Code's form, sign-in.ts) may reach either
 * 127.0.0.1 or ::1 — browsers and Node resolve `localhost` to both and try ::1 first on many
 * systems — so that form listens on both; a machine without IPv6 has only 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackListener {
  port: number;
  close(): Promise<void>;
}

/** The address cannot exist here (no IPv6 loopback): not a failure, the other address serves. */
const ABSENT = new Set(["EADDRNOTAVAIL", "EAFNOSUPPORT"]);

/**
 * Listen on `port` (0: a free one, chosen on the first address and reused on the others). The
 * first address must work; a later one may be absent, but one taken by another program fails
 * (the browser could be sent there). Rejects with the listen error (its `code` kept).
 */
export async function listenLoopback(
  port: number,
  addresses: readonly [string, ...string[]],
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackListener> {
  const servers: Server[] = [];
  const close = () =>
    Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    ).then(() => undefined);
  let chosen = port;
  for (const [i, address] of addresses.entries()) {
    const server = createServer(handler);
    try {
      chosen = await new Promise<number>((resolve, reject) => {
        server.once("error", reject);
        server.listen(chosen, address, () => resolve((server.address() as AddressInfo).port));
      });
    } catch (err) {
      if (i > 0 && ABSENT.has((err as NodeJS.ErrnoException).code ?? "")) continue;
      await close();
      throw err;
    }
    // The command's own work keeps it alive, not a browser that may never come.
    server.unref();
    servers.push(server);
  }
  return { port: chosen, close };
}
