// A reader that goes away (`… | head`) is not an error of ours: Node ignores SIGPIPE, so the
// next write to stdout fails with EPIPE and, unhandled, prints a stack (issue 33). Exit quietly,
// as a command killed by SIGPIPE would, once the output has nowhere to go.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err) => {
    if (err && err.code === "EPIPE") process.exit(0);
    throw err;
  });
}
