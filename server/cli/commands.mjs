// The package's subcommands, one table for bin.mjs (which bundle runs, whether it is handed the
// command's word), for the bundles build-bundles.mjs makes, and for `--help` and the "did you
// mean" of a mistyped command (args.ts). Plain JavaScript: bin.mjs loads it before anything is
// compiled. A script is a module exporting `run(argv)`.

/** `script`: the bundle (dist/cli) or source (server/cli) that runs it; `keepsWord`: it reads its word. */
export const COMMANDS = [
  {
    name: "start",
    script: "start",
    keepsWord: false,
    summary: "serve the app (what runs without a command)",
  },
  { name: "check", script: "check", keepsWord: false, summary: "run recorded checks headless" },
  {
    name: "lint",
    script: "lint",
    keepsWord: false,
    summary: "a server's problems by the MCP spec and the hosts",
  },
  { name: "hosts", script: "hosts", keepsWord: false, summary: "what each AI host makes of one read" },
  {
    name: "capture",
    script: "capture",
    keepsWord: false,
    summary: "a server's whole state as a capture file",
  },
  { name: "diff", script: "diff", keepsWord: false, summary: "what changed between two servers or captures" },
  {
    name: "resources",
    script: "resources",
    keepsWord: true,
    summary: "list | templates | read URI: one call, JSON out",
  },
  {
    name: "subscribe",
    script: "resources",
    keepsWord: true,
    summary: "print each update of a URI until --count or --timeout",
  },
];

/** esbuild's entry points: each script's source, by the name of its bundle in dist/cli. */
export function entryPoints() {
  return Object.fromEntries(COMMANDS.map((c) => [c.script, `server/cli/${c.script}.ts`]));
}

/** Optimal string alignment distance: a swap of two neighbours costs one, as typing slips do. */
function distance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/**
 * The word `word` was most likely meant to be, if it is near enough to count as a slip: a start
 * of three letters or more ("sub"), or one edit away (two from a word of five letters or more).
 * Case does not matter; a word with a path or an extension in it (`./server.js`) never matches.
 */
export function closestWord(word, candidates) {
  const w = word.toLowerCase();
  if (/[./\\:=]/.test(w) || candidates.includes(word)) return undefined;
  let best;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = w.length >= 3 && c.startsWith(w) ? 0.5 : distance(w, c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return bestDistance <= (w.length >= 5 ? 2 : 1) ? best : undefined;
}

/** The subcommand a mistyped first word (`resource`) was meant to be, if any. */
export function closestCommand(word) {
  return closestWord(
    word,
    COMMANDS.map((c) => c.name),
  );
}
