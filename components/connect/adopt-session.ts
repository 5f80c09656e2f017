import type { QueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { SessionCreatedResponse, SessionListResponse, SessionSummary } from "@/lib/api/contract";
import { queryKeys, resourcesQuery, templatesQuery } from "@/lib/api/queries";

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
  const listed = session.status === "connected" && Boolean(session.capabilities?.resources);
  // The lists first, before anything awaits: the session may already be in the list (its
  // "connected" event usually comes before this answer), and its tree can show at once.
  if (listed && lists) queryClient.setQueryData(queryKeys.resources(session.id), lists.resources);
  if (listed && lists?.templates) queryClient.setQueryData(queryKeys.templates(session.id), lists.templates);
  // A poll of the list already in flight predates this session: its answer must not land after
  // ours and drop it again (the workspace would show the server as missing and remount its panes).
  await queryClient.cancelQueries({ queryKey: queryKeys.sessions(), exact: true });
  queryClient.setQueryData<SessionListResponse>(queryKeys.sessions(), (old) =>
    old ? { sessions: [...old.sessions.filter((s) => s.id !== session.id), session] } : old,
  );
  if (!listed) return session;
  if (!lists) void queryClient.prefetchQuery(resourcesQuery(api, session.id));
  if (!lists?.templates) void queryClient.prefetchQuery(templatesQuery(api, session.id));
  return session;
}
