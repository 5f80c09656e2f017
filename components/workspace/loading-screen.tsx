import { Spinner } from "@/components/ui/spinner";

/** What the static HTML shows until the browser-only app takes over. */
export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading the inspector…" />
    </div>
  );
}
