export interface SignInButtonProps {
  name: string;
  pending: boolean;
  error: string | null;
  onSignIn: () => void;
}

/** Send the browser to the server's authorization server to consent, and back. */
export function SignInButton({ name, pending, error, onSignIn }: SignInButtonProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={onSignIn}
        disabled={pending}
        title={`Sign in to ${name} on its authorization server; you come back here afterwards`}
        className="rounded border border-sky-700 bg-sky-700 px-2 py-0.5 text-[11px] font-medium text-white shadow-xs hover:bg-sky-800 disabled:opacity-50"
      >
        {pending ? "Signing in…" : "Sign in"}
      </button>
      {error && (
        <p role="alert" className="text-[11px] break-words text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
