import "server-only";
import type { z } from "zod";
import { checkHostAndOrigin, checkToken } from "./auth";
import { errorResponse, HttpError, toHttpError } from "./errors";

type Handler<P> = (req: Request, params: P) => Promise<Response> | Response;

/**
 * The one wrapper every API route goes through: Host/Origin check, token (unless `public`),
 * and every thrown error mapped to the `{ error: { code, message } }` envelope.
 */
export function apiRoute<P = Record<string, never>>(handler: Handler<P>, options: { public?: boolean } = {}) {
  return async (req: Request, ctx: { params: Promise<P> }): Promise<Response> => {
    try {
      checkHostAndOrigin(req);
      if (!options.public) checkToken(req);
      return await handler(req, await ctx.params);
    } catch (err) {
      return errorResponse(toHttpError(err));
    }
  };
}

/** Validate with zod; a failure is a 400 naming the first problem. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new HttpError(400, "bad_request", `Invalid request: ${where}${issue?.message ?? "invalid"}`);
  }
  return r.data;
}

export async function readJson(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) {
    throw new HttpError(415, "bad_request", "Send the body as application/json.");
  }
  try {
    return await req.json();
  } catch {
    throw new HttpError(400, "bad_request", "The body is not valid JSON.");
  }
}

export function searchParams(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams);
}

export const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
