import { apiRoute, json } from "@/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(() => json({ ok: true }), { public: true });
