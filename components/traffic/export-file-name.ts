/** "traffic-demo-server-2026-01-02T03-04-05.json": safe for every file system. */
export function exportFileName(kind: string, serverName: string, at = new Date()): string {
  const server = serverName.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "server";
  const stamp = at.toISOString().replace(/\..*$/, "").replace(/:/g, "-");
  return `${kind}-${server}-${stamp}.json`;
}
