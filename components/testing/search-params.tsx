import { SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import type { ReactNode } from "react";

/**
 * The query string as Next's app router hands it to `useSearchParams()`, for a component
 * rendered outside Next (the selection lives in the URL: workspace/use-selection.ts). Next's own
 * context, not a stand-in: the hook under test is the real one.
 */
export function WithSearchParams({ search = "", children }: { search?: string; children: ReactNode }) {
  return <SearchParamsContext value={new URLSearchParams(search)}>{children}</SearchParamsContext>;
}
