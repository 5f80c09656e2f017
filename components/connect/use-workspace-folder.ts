"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "@/components/auth/api";
import { workspaceFolderQuery } from "@/lib/api/queries";

export type WorkspaceFolderState =
  | { state: "empty" }
  | { state: "checking" }
  | { state: "ok"; path: string }
  | { state: "bad"; error: string };

/** Asked once typing pauses, not on every key. */
const SETTLE_MS = 300;

/**
 * The workspace folder typed for a pasted config, as the server checked it (absolute, an existing
 * directory, normalized): the review shows the servers expanded in it only once it is `ok`.
 */
export function useWorkspaceFolder(typed: string): WorkspaceFolderState {
  const folder = typed.trim();
  const [settled, setSettled] = useState(folder);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(folder), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [folder]);
  const checked = useQuery({ ...workspaceFolderQuery(api, settled), enabled: settled !== "" });
  if (folder === "") return { state: "empty" };
  if (settled !== folder || checked.isPending) return { state: "checking" };
  if (checked.isError) return { state: "bad", error: checked.error.message };
  const answer = checked.data;
  if (!answer) return { state: "checking" };
  return "path" in answer ? { state: "ok", path: answer.path } : { state: "bad", error: answer.error };
}
