// First: before any form schema is made.
import "./zod-without-eval";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { queryClient } from "@web/lib/query-client";
import { App } from "./app";
import { seedQueriesFromHtml } from "./seed-from-html";

seedQueriesFromHtml(queryClient);

// The HTML may already show the page (a static first view), so the first render need not hold the main thread:
// as a transition it yields to the browser every few milliseconds.
startTransition(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
