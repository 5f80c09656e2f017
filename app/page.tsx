import { Suspense } from "react";
import { InspectorApp } from "@/components/workspace/inspector-app";
import { LoadingScreen } from "@/components/workspace/loading-screen";

// The whole inspector runs in the browser: it needs the token from sessionStorage and the
// selection from the URL, neither of which the server render has.
export default function Page() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <InspectorApp />
    </Suspense>
  );
}
