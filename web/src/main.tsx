import { firstViewShown } from "./app/first-view";
import "./index.css";

const start = () => import("./app/start");

/** Once the page has loaded (its cover included) and a frame has been painted with it. */
function afterLoadAndPaint(run: () => void) {
  const paintThenRun = () => requestAnimationFrame(() => setTimeout(run));
  if (document.readyState === "complete") paintThenRun();
  else addEventListener("load", paintThenRun, { once: true });
}

// Where the HTML already shows the page (a static first view), the app's JavaScript (React, the router, the layouts)
// is fetched once that page and its picture are on screen, so it does not share the bandwidth the first paint needs;
// elsewhere it is fetched at once.
if (firstViewShown()) afterLoadAndPaint(() => void start());
else void start();
