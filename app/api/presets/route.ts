import { presets } from "@/server/mcp/launch";
import { apiRoute, json } from "@/server/http/route";
import type { PresetListResponse } from "@/lib/api/contract";

export const dynamic = "force-dynamic";

export const GET = apiRoute(() => json({ presets: presets() } satisfies PresetListResponse));
