"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { rejectToken } from "@/components/auth/api-token";
import { isApiError } from "@/lib/api/api-client";

function handleError(error: unknown): void {
  // Any 401 means the token is wrong or stale (a restarted backend prints a new one): ask again.
  if (isApiError(error) && error.status === 401) rejectToken();
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // The backend's 4xx answers are definite (bad request, not found, not connected).
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Sessions are polled; everything else is re-read on demand.
        refetchOnWindowFocus: false,
        staleTime: 5_000,
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
