import http from "node:http";
import { E2E_PORT } from "../../playwright.config";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request where we choose every header, Host included (browsers and fetch will not let us),
 * and the path is sent exactly as given (no normalisation of `%ff`, `..` or NUL escapes).
 */
export function rawRequest(
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; port?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: init.port ?? E2E_PORT,
        path: pathname,
        method: init.method ?? "GET",
        headers: init.headers ?? {},
        // A fresh connection each time: a refused body leaves its socket unusable for the next.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** Status only. */
export async function rawGet(
  pathname: string,
  headers: Record<string, string>,
  port = E2E_PORT,
): Promise<number> {
  return (await rawRequest(pathname, { headers, port })).status;
}
