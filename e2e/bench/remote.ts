/**
 * Issue #11 figures: what the inspector adds to a read from a server behind a URL (its API vs the
 * SDK client reading the same server-everything Streamable HTTP server directly, interleaved so
 * both see the same machine), and connect → tree over HTTP vs the same server over stdio.
 */
import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startEverythingHttp } from "../../server/testing/http-servers";
import { api, closeSessions, median, type App, type Row } from "./harness";

const READ_RUNS = Math.max(30, Number(process.env.BENCH_READ_RUNS ?? 60));
const CONNECT_RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 5));
const WARMUP = 5;
/** 965 bytes of markdown: the "~1 KB resource" of the goal. */
const SMALL = "demo://resource/static/document/extension.md";
const EVERYTHING_STDIO = "node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio";

const ms2 = (x: number) => `${x.toFixed(2)} ms`;
const list = (xs: number[]) => `[${xs.map((x) => x.toFixed(1)).join(", ")}]`;

/** The bare relay (relay.ts) on a free port, and a way to stop it. */
async function startRelay(mcpUrl: string): Promise<{ base: string; stop(): Promise<void> }> {
  const proc = spawn(process.execPath, ["--import", "tsx", "e2e/bench/relay.ts", mcpUrl], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("relay did not start in 20 s")), 20_000);
    proc.stdout.on("data", (d: Buffer) => {
      const m = /relay: (\S+)/.exec(d.toString());
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return {
    base,
    stop: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await exited;
    },
  };
}

export async function remoteRead(app: App): Promise<Row[]> {
  const server = await startEverythingHttp("streamableHttp");
  const client = new Client({ name: "bench-direct", version: "1.0.0" });
  const relay = await startRelay(server.url);
  try {
    const s = await api<{ id: string }>(app, "/api/sessions", {
      method: "POST",
      body: JSON.stringify({ url: server.url, transport: "streamable-http" }),
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const path = `/api/sessions/${s.id}/read?uri=${encodeURIComponent(SMALL)}`;
    const viaApi: number[] = [];
    const direct: number[] = [];
    /** The app's own round trip (a route that asks the server nothing), to tell it from the transport's. */
    const appOnly: number[] = [];
    /** The same read through the bare relay: what one extra HTTP hop costs, with no app at all. */
    const viaRelay: number[] = [];
    const relayPath = `${relay.base}/read?uri=${encodeURIComponent(SMALL)}`;
    let bytes = 0;
    for (let i = 0; i < READ_RUNS + WARMUP; i++) {
      // Alternate which goes first, so neither always reads a warmer server.
      const order = i % 2 === 0 ? ["api", "direct", "app", "relay"] : ["relay", "direct", "app", "api"];
      for (const which of order) {
        const t0 = performance.now();
        if (which === "api") {
          const r = await api<{ contents: { text?: string }[] }>(app, path);
          bytes = r.contents[0]?.text?.length ?? 0;
        } else if (which === "direct") {
          await client.readResource({ uri: SMALL });
        } else if (which === "relay") {
          await (await fetch(relayPath)).json();
        } else {
          await api(app, `/api/sessions/${s.id}`);
        }
        const t = performance.now() - t0;
        const into = { api: viaApi, direct, app: appOnly, relay: viaRelay }[which]!;
        if (i >= WARMUP) into.push(t);
      }
    }
    const added = median(viaApi) - median(direct);
    const pairs = viaApi.map((t, i) => t - direct[i]!);
    return [
      [
        `HTTP read of a ${bytes} B resource, SDK client direct, median of ${direct.length}`,
        ms2(median(direct)),
      ],
      [`HTTP read of the same through the inspector's API, median of ${viaApi.length}`, ms2(median(viaApi))],
      [
        "added by the inspector (median API − median direct)",
        ms2(added),
        `goal ≤ 2 ms added (${added <= 2 ? "met" : "NOT met"}); ${ms2(added - (median(viaRelay) - median(direct)))} over the floor below; median of paired differences ${ms2(median(pairs))}`,
      ],
      [
        "the floor: a bare Node relay (one SDK client, no checks) adds",
        ms2(median(viaRelay) - median(direct)),
        `relay read median ${ms2(median(viaRelay))}: what the extra HTTP hop alone costs here`,
      ],
      [
        "the app's own round trip through Next (GET /api/sessions/:id, no MCP)",
        ms2(median(appOnly)),
        "reads skip Next's router (server/http/fast-lane.ts); other routes pay this",
      ],
    ];
  } finally {
    await client.close().catch(() => undefined);
    await relay.stop();
    await closeSessions(app);
    await server.stop();
  }
}

export async function remoteConnectToTree(app: App): Promise<Row[]> {
  const server = await startEverythingHttp("streamableHttp");
  const connectToTree = async (body: object): Promise<number> => {
    const t0 = performance.now();
    const s = await api<{ id: string }>(app, "/api/sessions", { method: "POST", body: JSON.stringify(body) });
    await api(app, `/api/sessions/${s.id}/resources`);
    const t = performance.now() - t0;
    await closeSessions(app);
    return t;
  };
  try {
    const http: number[] = [];
    const stdio: number[] = [];
    await connectToTree({ url: server.url }); // warm the routes and the server
    for (let i = 0; i < CONNECT_RUNS; i++) {
      http.push(await connectToTree({ url: server.url }));
      stdio.push(await connectToTree({ command: EVERYTHING_STDIO }));
    }
    const h = median(http);
    const s = median(stdio);
    return [
      [
        `server-everything over stdio: API connect + full list, median of ${CONNECT_RUNS}`,
        ms2(s),
        list(stdio),
      ],
      [
        `server-everything over Streamable HTTP (auto): same, median of ${CONNECT_RUNS}`,
        ms2(h),
        `${list(http)} goal: no slower than stdio (${h <= s ? "met" : "NOT met"})`,
      ],
    ];
  } finally {
    await closeSessions(app);
    await server.stop();
  }
}
