import { Suspense } from "react";
import { InspectorApp } from "@/components/workspace/inspector-app";
import { LoadingScreen } from "@/components/workspace/loading-screen";

// Rendered per request: the page's scripts carry that answer's CSP nonce (server/cli/request-gate.ts),
// which a prerendered page could not.
export const dynamic = "force-dynamic";

// The whole inspector runs in the browser: it needs the token from sessionStorage and the
// selection from the URL, neither of which the server render has.
export default function Page() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <InspectorApp />
    </Suspense>
  );
}
