/** Saves `value` as a pretty-printed JSON file through a short-lived blob: URL. */
export function downloadJson(fileName: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start saving.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "traffic-demo-server-2026-01-02T03-04-05.json": safe for every file system. */
export function exportFileName(kind: string, serverName: string, at = new Date()): string {
  const server = serverName.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "server";
  const stamp = at.toISOString().replace(/\..*$/, "").replace(/:/g, "-");
  return `${kind}-${server}-${stamp}.json`;
}
