import { HttpError } from "@/server/http/errors";
import { apiRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

/** Any API path no route owns: the error envelope, after the token, never Next's HTML 404 page. */
const notFound = apiRoute(() => {
  throw new HttpError(404, "not_found", "No such API route.");
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
