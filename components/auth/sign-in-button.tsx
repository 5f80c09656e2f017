import { ActionButton } from "@/components/ui/action-button";

export interface SignInButtonProps {
  name: string;
  pending: boolean;
  error: string | null;
  onSignIn: () => void;
}

/** Send the browser to the server's authorization server to consent, and back. */
export function SignInButton({ name, pending, error, onSignIn }: SignInButtonProps) {
  return (
    <ActionButton
      label="Sign in"
      pendingLabel="Signing in…"
      title={`Sign in to ${name} on its authorization server; you come back here afterwards`}
      tone="accent"
      pending={pending}
      error={error}
      onAction={onSignIn}
    />
  );
}
