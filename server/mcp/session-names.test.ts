import { describe, expect, it } from "vitest";
import { deriveName } from "./session";
import { describeExit } from "./transports/stdio";

const spec = (program: string, ...args: string[]) => ({ kind: "stdio" as const, program, args, env: {} });

describe("deriveName: a readable name before the server says its own", () => {
  it.each([
    [spec("npx", "-y", "@modelcontextprotocol/server-everything"), "@modelcontextprotocol/server-everything"],
    [spec("uvx", "mcp-server-fetch"), "mcp-server-fetch"],
    [spec("node", "/srv/mcp/dist/index.js", "stdio"), "index.js"],
    [spec("python3.12", "-m", "server.py"), "server.py"],
    [spec("C:\\tools\\my-server.exe", "--stdio"), "my-server.exe"],
    [spec("node"), "node"],
    [spec(""), "server"],
  ])("%j → %s", (launch, name) => {
    expect(deriveName(launch)).toBe(name);
  });
});

describe("describeExit", () => {
  it("prefers the signal, then the code", () => {
    expect(describeExit(null, "SIGKILL")).toBe("killed by signal SIGKILL");
    expect(describeExit(137, "SIGKILL")).toBe("killed by signal SIGKILL");
    expect(describeExit(3, null)).toBe("exit code 3");
    expect(describeExit(0, null)).toBe("exit code 0");
    expect(describeExit(null, null)).toBe("exit status unknown");
  });
});
