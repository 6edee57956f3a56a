import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./env";
import { devRoutes } from "./features/dev/dev.routes";
import { filesRoutes } from "./features/files/files.routes";
import { liveRoutes } from "./features/live/live.routes";
import { readUser, requireUser } from "./lib/auth/middleware";
import { unsafeProductionSecrets } from "./lib/config";
import { AppError } from "./lib/errors";
import { securityHeaders } from "./lib/security-headers";

const api = new Hono<AppEnv>().use(requireUser);

const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    const unsafe = unsafeProductionSecrets(c.env);
    if (unsafe.length > 0) {
      console.error(`Refusing to serve: production secrets missing or at development defaults: ${unsafe.join(", ")}`);
      throw new AppError(500, "The server is not configured.");
    }
    return next();
  })
  // The live route comes before the header-changing middleware: they would break its 101 response.
  .route("/", liveRoutes)
  .use(requestId())
  .use(securityHeaders)
  .use(readUser)
  .route("/dev", devRoutes)
  .route("/files", filesRoutes)
  .route("/api", api);

app.notFound((c) => c.json({ error: "Not found" }, 404));

app.onError((err, c) => {
  if (err instanceof HTTPException) {
    if (err.res) return err.res;
    return c.json({ error: err.message }, err.status);
  }
  console.error(`[${c.get("requestId") ?? "-"}]`, err);
  return c.json({ error: "Something went wrong. Please try again." }, 500);
});

export default app;
export type AppType = typeof app;
