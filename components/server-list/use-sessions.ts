"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { sessionsQuery } from "@/lib/queries";

/** Every server session the backend holds, polled (faster while one is still connecting). */
export function useSessions() {
  return useQuery(sessionsQuery(api));
}
