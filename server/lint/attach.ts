import "server-only";
import type { TrafficObserver } from "../mcp/session/output";
import { arrivedInvalidUtf8 } from "../mcp/transports/traffic-tap";
import { TrafficLinter } from "./traffic-linter";

/**
 * The Problems panel of one session: a linter that hears every message through the session's
 * observe seam (`observeTraffic`: raw traffic besides operations), as the recorder hears operations. It never changes
 * what the session does; its bugs are an observer's, logged and contained.
 */
export function attachLinter(
  session: { observeTraffic(observer: TrafficObserver): () => void },
  slowMs?: number,
): TrafficLinter {
  const lint = new TrafficLinter(slowMs ? { slowMs } : {});
  session.observeTraffic((op) => {
    if (op.type === "traffic")
      lint.message(op.direction, op.message, {
        trafficSeq: op.entry.seq,
        invalidUtf8: arrivedInvalidUtf8(op.message),
        json: op.json,
      });
    else if (op.type === "stray-line") lint.strayLine(op.line);
  });
  return lint;
}
