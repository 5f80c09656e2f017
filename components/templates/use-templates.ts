"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { templatesQuery } from "@/lib/api/queries";

/** Every page of resources/templates/list for a session. */
export function useTemplates(sessionId: string, enabled: boolean) {
  return useQuery({ ...templatesQuery(api, sessionId), enabled });
}
