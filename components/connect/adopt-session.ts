import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { SessionCreatedResponse, SessionListResponse, SessionSummary } from "@/lib/contract";
import { queryKeys, resourcesQuery, templatesQuery } from "@/lib/queries";

/**
 * A session the page just created: in the cached session list at once (so the selection can name
 * it), and its resources and templates in the cache from the connect answer when it carried them.
 * A list it did not carry (the server was slower) is asked for now rather than after the next
 * render; the backend is already walking it and the request joins that walk. Answers the session
 * without its lists (what the rest of the page keeps).
 */
export async function adoptSession(
  queryClient: QueryClient,
  created: SessionCreatedResponse,
): Promise<SessionSummary> {
  const { lists, ...session } = created;
  // A poll of the list already in flight predates this session: its answer must not land after
  // ours and drop it again (the workspace would show the server as missing and remount its panes).
  await queryClient.cancelQueries({ queryKey: queryKeys.sessions(), exact: true });
  queryClient.setQueryData<SessionListResponse>(queryKeys.sessions(), (old) =>
    old ? { sessions: [...old.sessions.filter((s) => s.id !== session.id), session] } : old,
  );
  if (session.status !== "connected" || !session.capabilities?.resources) return session;
  if (lists) queryClient.setQueryData(queryKeys.resources(session.id), lists.resources);
  else void queryClient.prefetchQuery(resourcesQuery(api, session.id));
  if (lists?.templates) queryClient.setQueryData(queryKeys.templates(session.id), lists.templates);
  else void queryClient.prefetchQuery(templatesQuery(api, session.id));
  return session;
}
