"use client";

import type { SessionSummary } from "@/lib/api/contract";
import { SignInButton } from "./sign-in-button";
import { useSignIn } from "./use-oauth";

/** In place of "disconnected" for a server that wants OAuth sign-in: not an error, a next step. */
export function SignInNotice({ session }: { session: SessionSummary }) {
  const signIn = useSignIn();
  return (
    <section aria-label="Sign-in needed" className="flex flex-col gap-2 p-3">
      <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-950">
        <p className="font-medium">{session.name} needs sign-in</p>
        <p className="mt-1 text-xs break-words text-amber-900">
          {session.error?.message ?? "This server answered 401 Unauthorized."} You will be sent to its
          authorization server to approve access, then brought back here. The steps of the flow are in the
          server panel&apos;s Sign-in tab.
        </p>
      </div>
      <SignInButton
        name={session.name}
        pending={signIn.isPending}
        error={signIn.isError ? signIn.error.message : null}
        onSignIn={() => signIn.mutate(session.id)}
      />
    </section>
  );
}
