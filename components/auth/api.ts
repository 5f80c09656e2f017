import { createApiClient } from "@/lib/api/api-client";
import { readToken } from "./api-token";

/** The one API client of the browser app; it reads the current token on every call. */
export const api = createApiClient({ getToken: readToken });
