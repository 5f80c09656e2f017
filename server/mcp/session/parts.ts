import "server-only";
import type { LaunchSpec } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { authorizationHeaderOf } from "@/lib/launch/http-input";
import { abilitiesOf, maySignIn, type SessionAbilities } from "@/lib/launch/session-kinds";
import { attachLinter } from "../../lint/attach";
import type { TrafficLinter } from "../../lint/traffic-linter";
import type { McpConfig } from "../config";
import { InFlightRequests } from "../in-flight";
import { SessionAuth, type SignInRoute } from "../oauth/session-auth";
import { ReadLog } from "../read-log";
import { SessionConnection } from "./connection";
import { FileWatchSlot } from "./file-watch-slot";
import { SessionLists, type RelistReason } from "./lists";
import { restoreCapture, type OpenedCapture } from "./opened-capture";
import { SessionOutput } from "./output";
import { SessionRequests } from "./requests";
import { SignInFlow, type SignInHost } from "./sign-in";
import { Subscriptions } from "./subscriptions";

/** What the parts ask of the session they make up (server/mcp/session.ts). */
export interface PartsHost extends SignInHost {
  /** Notifications the server sent without declaring the capability (counted here). */
  undeclaredNotifications: number;
}

/** What a session is launched with, as its constructor got it. */
export interface PartsInput {
  id: string;
  launch: LaunchSpec;
  config: McpConfig;
  emitToBus: (event: InspectorEvent) => void;
  /** The name given at launch (a config's key): the one host rules judge. */
  launchName: string | undefined;
  signInRoute: SignInRoute | undefined;
  opened: OpenedCapture | null;
}

/** A session's parts, wired to each other and to their host. */
export interface SessionParts {
  abilities: Readonly<SessionAbilities>;
  output: SessionOutput;
  inFlight: InFlightRequests;
  auth: SessionAuth | null;
  lint: TrafficLinter;
  readLog: ReadLog;
  fileWatchSlot: FileWatchSlot;
  connection: SessionConnection;
  lists: SessionLists;
  signInFlow: SignInFlow;
  requests: SessionRequests;
  subscriptions: Subscriptions;
  /** A new transport under a live session: watches re-subscribed, both lists re-walked. */
  reopened(why: RelistReason): Promise<void>;
}

/**
 * Build and wire the parts of one session: the connection (its notifications routed to the
 * subscriptions and the lists), the OAuth sign-in where the kind's row allows one, the linter on
 * the traffic, and a capture's logs restored when the session replays one.
 */
export function buildSessionParts(host: PartsHost, input: PartsInput): SessionParts {
  const { id, launch, config, emitToBus, opened } = input;
  const output = new SessionOutput(id, emitToBus);
  // Straight to the bus: progress is for the page, not an operation observers record.
  const inFlight = new InFlightRequests(id, emitToBus);
  // The user's own Authorization header and an OAuth sign-in exclude each other (lib/launch/http-input.ts
  // authConflict): with the header, a 401 is the header's failure, never the start of a sign-in.
  let auth: SessionAuth | null = null;
  auth =
    launch.kind === "http" && maySignIn(launch, opened !== null)
      ? // Steps logged while it is being built are heard with the first summary.
        new SessionAuth(id, launch, config, () => auth && host.changed(), input.signInRoute)
      : null;
  const lint = attachLinter(output, config.slowRequestMs);
  // A name given at launch is the config's key (a config import, `--server`): the one hosts use.
  if (input.launchName !== undefined) lint.setServerName(input.launchName);
  // A public cacheScope is a warning only where requests carry credentials (caching#security-considerations).
  lint.setCredentials(
    () =>
      (launch.kind === "http" && authorizationHeaderOf(launch.headers) !== undefined) ||
      auth?.status === "signed-in",
  );
  const readLog = new ReadLog();
  const fileWatchSlot = new FileWatchSlot(
    () => connection.isClosing,
    () => host.changed(),
  );
  const reopened = async (why: RelistReason) => {
    await subscriptions.resubscribe();
    const relisted = lists.relist(why);
    // A restart is followed as a change is: its caller waits for the re-list too.
    if (why === "restart") await relisted;
  };
  const connection: SessionConnection = new SessionConnection(
    launch,
    config,
    output,
    auth,
    {
      handlers: {
        onResourceUpdated: (uri) => {
          const undeclared = !connection.capabilities?.resources?.subscribe;
          if (undeclared) host.undeclaredNotifications++;
          subscriptions.serverUpdated(uri, undeclared);
        },
        onListChanged: () => {
          const undeclared = !connection.capabilities?.resources?.listChanged;
          if (undeclared) host.undeclaredNotifications++;
          void lists.relist("list_changed", undeclared);
        },
      },
      changed: () => host.changed(),
      reopened,
    },
    opened?.capture,
  );
  if (opened) restoreCapture(opened.capture, output, lint, readLog);
  const name = () => host.name;
  const lists = SessionLists.over(connection, id, output, {
    maxPages: config.maxPages,
    name,
    undeclared: () => host.undeclaredNotifications,
  });
  const requests = new SessionRequests(connection, output, readLog, {
    name,
    latest: (uri) => subscriptions.latest(uri),
    maxPages: config.maxPages,
  });
  const subscriptions = Subscriptions.over(connection, id, output, {
    name,
    read: (uri) => requests.fetchRead(uri, true),
  });
  return {
    abilities: abilitiesOf(launch, opened !== null),
    output,
    inFlight,
    auth,
    lint,
    readLog,
    fileWatchSlot,
    connection,
    lists,
    signInFlow: new SignInFlow(host, connection),
    requests,
    subscriptions,
    reopened,
  };
}
