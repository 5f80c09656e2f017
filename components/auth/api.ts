import { createApiClient } from "@/lib/api-client";
import { readToken } from "./token-store";

/** The one API client of the browser app; it reads the current token on every call. */
export const api = createApiClient({ getToken: readToken });
