"use client";

import type { SessionSummary } from "@/lib/api/contract";
import { OAuthSteps } from "./oauth-steps";
import { SignInButton } from "./sign-in-button";
import { useOAuthState, useSignIn, useSignOut } from "./use-oauth";

/** The server panel's Sign-in tab: the OAuth flow's steps, and sign in / sign out. */
export function OAuthTab({ session }: { session: SessionSummary }) {
  const state = useOAuthState(session.id);
  const signIn = useSignIn();
  const signOut = useSignOut();
  const status = session.auth?.status ?? "none";
  return (
    <div className="scrollbar-thin flex h-full flex-col gap-2 overflow-y-auto p-2">
      <div className="flex items-center gap-2">
        {status === "signed-in" ? (
          <button
            type="button"
            onClick={() => signOut.mutate(session.id)}
            disabled={signOut.isPending}
            className="rounded border border-zinc-300 bg-white px-2 py-0.5 text-[11px] font-medium text-zinc-800 shadow-xs hover:bg-zinc-100 disabled:opacity-50"
          >
            {signOut.isPending ? "Signing out…" : "Sign out"}
          </button>
        ) : status === "needs-sign-in" ? (
          <SignInButton
            name={session.name}
            pending={signIn.isPending}
            error={signIn.isError ? signIn.error.message : null}
            onSignIn={() => signIn.mutate(session.id)}
          />
        ) : null}
        {signOut.isError && (
          <p role="alert" className="text-[11px] text-rose-700">
            {signOut.error.message}
          </p>
        )}
      </div>
      {state.data ? (
        <OAuthSteps state={state.data} />
      ) : state.isError ? (
        <p role="alert" className="text-[11px] text-rose-700">
          {state.error.message}
        </p>
      ) : null}
    </div>
  );
}
