import "server-only";

export interface SseSink {
  send(event: string, data: unknown, id?: string | number): void;
  comment(text: string): void;
}

/**
 * The one way this app streams server-sent events: correct headers, a primed stream, heartbeats,
 * and a cleanup registered before the first write that runs exactly once (client abort, stream
 * cancel, or server close).
 */
export function sseResponse(
  req: Request,
  open: (sink: SseSink) => () => void,
  { heartbeatMs = 15_000 }: { heartbeatMs?: number } = {},
): Response {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | null = null;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const c = cleanup;
    cleanup = null;
    c?.();
  };

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (done) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      const sink: SseSink = {
        send(event, data, id) {
          const idLine = id === undefined ? "" : `id: ${id}\n`;
          write(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        comment(text) {
          write(`: ${text.replace(/\n/g, " ")}\n\n`);
        },
      };
      const heartbeat = setInterval(() => sink.comment("heartbeat"), heartbeatMs);
      let unsubscribe: (() => void) | null = null;
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe?.();
        try {
          controller.close();
        } catch {
          // already closed or errored
        }
      };
      req.signal.addEventListener("abort", finish, { once: true });
      if (req.signal.aborted) {
        finish();
        return;
      }
      sink.comment("connected");
      unsubscribe = open(sink);
      if (done) unsubscribe();
    },
    cancel() {
      finish();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
