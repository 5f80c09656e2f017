import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { SessionListResponse, SessionSummary } from "@/lib/contract";
import { queryKeys, resourcesQuery, templatesQuery } from "@/lib/queries";

/**
 * A session the page just created: in the cached session list at once (so the selection can name
 * it), and its resources and templates asked for now rather than after the next render — the
 * backend started walking them when initialize answered, and these requests join those walks.
 */
export async function adoptSession(queryClient: QueryClient, session: SessionSummary): Promise<void> {
  // A poll of the list already in flight predates this session: its answer must not land after
  // ours and drop it again (the workspace would show the server as missing and remount its panes).
  await queryClient.cancelQueries({ queryKey: queryKeys.sessions(), exact: true });
  queryClient.setQueryData<SessionListResponse>(queryKeys.sessions(), (old) =>
    old ? { sessions: [...old.sessions.filter((s) => s.id !== session.id), session] } : old,
  );
  if (session.status !== "connected" || !session.capabilities?.resources) return;
  void queryClient.prefetchQuery(resourcesQuery(api, session.id));
  void queryClient.prefetchQuery(templatesQuery(api, session.id));
}
