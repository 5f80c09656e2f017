/**
 * The HTTP contract of saved servers and of connecting servers from a pasted config: what the page
 * sends (zod) and what it gets back. Values never come back: a saved server shows its environment
 * and header names, which of them hold a stored value, and the variables it needs at connect time.
 */
import { z } from "zod";
import { workspaceFolderSchema, type LaunchSummary } from "./contract";

export const savedServerNameSchema = z.string().min(1).max(200);

/**
 * POST /api/import/connect: one server of a pasted config, by name, with the values of its VS Code
 * inputs (`${input:id}`), whether to save it once it connects (`save`: the user's choice, off
 * unless given), and the environment/header names whose values the user chose to keep in the
 * saved-servers file. The backend reads the text again, so the launch and which inputs are
 * passwords come from the config, not from this body.
 */
export const importConnectBodySchema = z
  .object({
    text: z.string().max(1_000_000),
    server: savedServerNameSchema,
    inputs: z
      .record(z.string().max(200), z.string().max(16_384))
      .refine((r) => Object.keys(r).length <= 100, "at most 100 inputs")
      .optional(),
    keep: z.array(z.string().max(200)).max(200).optional(),
    save: z.boolean().optional(),
    /** `${workspaceFolder}`: a paste has no folder of its own, so the user gives one. */
    workspaceFolder: workspaceFolderSchema.optional(),
  })
  .strict();
export type ImportConnectBody = z.infer<typeof importConnectBodySchema>;

/** POST /api/saved-servers/connect and DELETE /api/saved-servers?name=… */
export const savedServerBodySchema = z.object({ name: savedServerNameSchema }).strict();
export const savedServerQuerySchema = z.object({ name: savedServerNameSchema }).strict();

export interface SavedServerSummary {
  name: string;
  launch: LaunchSummary;
  /** Environment variables of the inspector's environment it needs when it connects (`${VAR}`). */
  variables: string[];
  /** Environment or header names whose values are kept in the file (the user asked to). */
  stored: string[];
  savedAt: string;
}

export interface SavedServerListResponse {
  servers: SavedServerSummary[];
}
