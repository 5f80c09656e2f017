"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authQuery, queryKeys } from "@/lib/api/queries";
import { useSessionUpdate } from "@/components/server-list/use-session-update";
import { api } from "./api";

/** A remote server's OAuth state and the steps its flow took (refetched as steps are logged). */
export function useOAuthState(sessionId: string) {
  return useQuery(authQuery(api, sessionId));
}

/** Only a web address may take the tab elsewhere: never `javascript:` or `data:` from metadata. */
function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * POST …/auth/sign-in, then this tab goes to the authorization server (the same tab: nothing to
 * be blocked as a popup); its callback page brings the user back to this server in the app. With
 * tokens still good the server just connects and nothing navigates.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation<string | null, Error, string>({
    mutationFn: async (sessionId) => (await api.signIn(sessionId)).authorizationUrl,
    onSuccess: async (authorizationUrl, sessionId) => {
      if (authorizationUrl) {
        if (!isWebUrl(authorizationUrl)) throw new Error("The authorization URL is not a web address.");
        window.location.assign(authorizationUrl);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessionScope(sessionId) });
    },
  });
}

/** POST …/auth/sign-out: the tokens are forgotten and the connection they opened ends. */
export function useSignOut() {
  return useSessionUpdate((sessionId) => api.signOut(sessionId), queryKeys.auth);
}
