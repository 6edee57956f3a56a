// The end-to-end server: wrangler dev on the given port, with a fresh local D1/R2/DO state.
import { rmSync } from "node:fs";
import { migrateLocal, root, startWorker } from "../scripts/lib.mjs";

const port = Number(process.argv[2]);
const persistTo = `${root}.e2e-state/${port}`;
rmSync(persistTo, { recursive: true, force: true });
migrateLocal(persistTo);
const { child } = await startWorker({ port, persistTo });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  rmSync(persistTo, { recursive: true, force: true });
  process.exit(code ?? 0);
});
