"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { TokenPrompt } from "./token-prompt";
import { adoptTokenFromUrl, readToken, readTokenRejected, subscribeToken, writeToken } from "./api-token";

const noTokenOnServer = () => null;
const notRejectedOnServer = () => false;

/** Renders its children only while an access token is known; otherwise asks for one. */
export function AuthGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToken, readToken, noTokenOnServer);
  const rejected = useSyncExternalStore(subscribeToken, readTokenRejected, notRejectedOnServer);

  useEffect(() => {
    adoptTokenFromUrl();
  }, []);

  if (!token) {
    return (
      <TokenPrompt
        rejected={rejected}
        onSubmit={(next) => {
          writeToken(next);
          // Everything cached so far failed with the old token.
          void queryClient.resetQueries();
        }}
      />
    );
  }
  return children;
}
