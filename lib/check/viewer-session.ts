/**
 * Where "Open in viewer" goes for a step of a saved check run. The run used a fresh server that
 * is gone by now, so the resource can only be shown by a session that runs the same launch
 * (program, args, env — matched by the backend, which alone sees the env values). Among those
 * still open: the one the workspace shows, else a connected one, else any (its page offers a
 * reconnect). None: null, and the step says so rather than opening some other server.
 */
export function viewerSessionFor(
  candidates: readonly string[] | undefined,
  sessions: readonly { id: string; status: string }[],
  currentServerId: string | null,
): string | null {
  const open = sessions.filter((s) => candidates?.includes(s.id));
  if (currentServerId && open.some((s) => s.id === currentServerId)) return currentServerId;
  return (open.find((s) => s.status === "connected") ?? open[0])?.id ?? null;
}
