/**
 * A command whose program can only be a mistyped server URL (issue 33): `htp://…` or
 * `127.0.0.1:8765/mcp` would otherwise reach spawn and come back as "program not found". Said
 * as what it likely is, with the URL meant, in the review and on the command line.
 */
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const HOST_PORT =
  /^(localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}):\d{1,5}(\/|$)/i;

export interface UrlSlip {
  /** The URL the user most likely meant. */
  meant: string;
  message: string;
}

/** `word`'s likely URL, or null when it may well be a program. */
export function urlSlip(word: string): UrlSlip | null {
  const scheme = SCHEME.exec(word)?.[1];
  if (scheme !== undefined) {
    const meant = word.replace(/^[^:]+/, "http");
    return {
      meant,
      message: `"${word.slice(0, 200)}" is not a program, and "${scheme.slice(0, 20)}:" is not a server URL's scheme (http, https, ws, wss): did you mean ${meant.slice(0, 200)}?`,
    };
  }
  if (HOST_PORT.test(word)) {
    const meant = `http://${word}`;
    return {
      meant,
      message: `"${word.slice(0, 200)}" is not a program: a server URL starts with http:// (did you mean ${meant.slice(0, 200)}?)`,
    };
  }
  return null;
}
