import { ActionButton } from "@/components/ui/action-button";

export interface ReconnectButtonProps {
  name: string;
  pending: boolean;
  error: string | null;
  onReconnect: () => void;
}

/** Start a disconnected server again (same program, arguments and environment; or same URL and headers). */
export function ReconnectButton({ name, pending, error, onReconnect }: ReconnectButtonProps) {
  return (
    <ActionButton
      label="Reconnect"
      pendingLabel="Reconnecting…"
      title={`Start ${name} again the same way (same command, or same URL and headers); watches are re-subscribed`}
      tone="plain"
      raised
      pending={pending}
      error={error}
      onAction={onReconnect}
    />
  );
}
