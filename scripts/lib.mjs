// Helpers shared by the start, dev, e2e and bench scripts.
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", NO_D1_WARNING: "true" };

export function assertNode() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    console.error(`Node ${process.versions.node} is too old: wrangler needs Node 22.12 or newer.`);
    process.exit(1);
  }
}

/** Runs a project binary to completion, failing loudly. */
export function run(name, args, options = {}) {
  const result = spawnSync(bin(name), args, { cwd: root, stdio: "inherit", env: quietEnv, ...options });
  if (result.status !== 0) {
    console.error(`${name} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

/** Applies the D1 migrations to the local database kept in `persistTo` (wrangler's default folder when omitted). */
export function migrateLocal(persistTo) {
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Starts `wrangler dev`; resolves once it answers HTTP. */
export async function startWorker({ port, persistTo, origin = `http://localhost:${port}`, log = "error", stdio = "inherit", vars = {} }) {
  const args = [
    "dev",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--var",
    `APP_ORIGIN:${origin}`,
    "--log-level",
    log,
    "--show-interactive-dev-session=false",
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
  if (persistTo) args.push("--persist-to", persistTo);
  const child = spawn(bin("wrangler"), args, { cwd: root, stdio, env: quietEnv });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/oapi/config`);
      if (response.ok) return { child, url };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error("wrangler dev did not start within 150 s");
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Seeds the demo account and experience through the running Worker (idempotent). */
export async function seed(url) {
  const response = await fetch(`${url}/dev/seed`, { method: "POST" });
  if (!response.ok) throw new Error(`Seeding failed: ${response.status} ${await response.text()}`);
  return response.json();
}
