// V8's code cache for CommonJS modules on Node versions without `module.enableCompileCache`
// (added in 22.1; this machine has 20). Next's server is ~400 CommonJS modules, and compiling them
// is a third of every start; with the cache a later start skips most of it.
//
// Only files under a `node_modules/next/` folder go through it: the one big, stable dependency.
// The cache lives in the OS temp folder (never the package's own folder), in a folder of this
// user's with mode 0700 — a code cache is trusted input to V8, so one that another user could
// write is never read. Entries are keyed by a hash of the source, the Node version and V8 flags,
// and V8 itself rejects data that does not match the source; a rejected or missing entry is just
// a normal compile, written afterwards (once the app is ready, off the start path).
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";

const NEXT_DIR = `${path.sep}node_modules${path.sep}next${path.sep}`;

/** This user's cache folder, or null when it cannot be trusted (owned by another, or open to others). */
function cacheDir() {
  const uid = process.getuid?.();
  if (uid === undefined) return null;
  const dir = path.join(tmpdir(), `mcp-resource-inspector-v8-cache-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o077) !== 0) return null;
    return dir;
  } catch {
    return null;
  }
}

/** A `require` for a module compiled outside Node's own loader, as Node builds it. */
function makeRequire(mod) {
  const require = (id) => mod.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, mod);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

export function installCompileCache() {
  if (typeof Module.enableCompileCache === "function") {
    Module.enableCompileCache();
    return;
  }
  if (!vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER || typeof Module.wrap !== "function") return;
  const dir = cacheDir();
  if (!dir) return;
  const salt = `${process.version}\0${process.execArgv.join(" ")}\0`;
  /** Scripts compiled without a usable cache entry: written after the start. */
  const pending = new Map();
  const original = Module.prototype._compile;

  Module.prototype._compile = function compile(content, filename) {
    // Functions V8 restores from cached data lose the script's dynamic-import host option on
    // Node 20 (a second start failed with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING): a module that
    // may call import() is compiled by Node as usual.
    if (!filename.includes(NEXT_DIR) || content.includes("import("))
      return original.call(this, content, filename);
    const key = createHash("sha256").update(salt).update(filename).update("\0").update(content).digest("hex");
    const file = path.join(dir, `${key.slice(0, 40)}.bin`);
    let cachedData;
    try {
      cachedData = readFileSync(file);
    } catch {
      cachedData = undefined;
    }
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    if (cachedData === undefined || script.cachedDataRejected) pending.set(file, script);
    const fn = script.runInThisContext({ displayErrors: true });
    return fn.call(this.exports, this.exports, makeRequire(this), this, filename, path.dirname(filename));
  };

  // After the start: the data then also holds the functions the start ran (compiled lazily).
  const flush = () => {
    for (const [file, script] of pending) {
      try {
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        renameSync(tmp, file);
      } catch {
        // a full or read-only temp folder: the next start compiles again
      }
    }
    pending.clear();
  };
  setTimeout(flush, 3_000).unref();
  // A run shorter than that (a quick look, a script) still leaves the cache for the next one.
  process.once("exit", flush);
}
