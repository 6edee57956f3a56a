import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { activityViaApi, bearer, experienceViaApi, firstDay, registerViaApi, signInAs } from "./support";

const RLO = "\u202E";

/** How a user-text element is isolated: its tag, its dir attribute and its computed unicode-bidi. */
const isolation = (element: Locator) =>
  element.evaluate((el) => ({ tag: el.tagName, dir: el.getAttribute("dir"), unicodeBidi: getComputedStyle(el).unicodeBidi }));

/**
 * Whether the app's own words in `container` (the text node `words`) still read left to right on screen: the first letter of
 * `letters` is drawn left of its last. An override left open in the user text before them would draw them right to left.
 */
const readsLeftToRight = (container: Locator, words: string, letters: string) =>
  container.evaluate(
    (root, { words, letters }) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.nodeValue === words ? words.indexOf(letters) : -1;
        if (at < 0) continue;
        const left = (offset: number) => {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          return range.getBoundingClientRect().left;
        };
        return left(at) < left(at + letters.length - 1);
      }
      throw new Error(`No text node "${words}"`);
    },
    { words, letters },
  );

test("a right-to-left override in user text never reverses the app's own words around it", async ({ page, request }) => {
  const owner = await registerViaApi(request, "Eve", "Host");
  const renamed = await request.put("/api/profile/user", { data: { firstName: `Eve${RLO}lam` }, headers: bearer(owner) });
  expect(renamed.ok()).toBe(true);
  const name = `Trip ${RLO}evil`;
  const id = await experienceViaApi(request, owner, { name, privacy: "PRIVATE", days: 2 });
  const change = await request.put(`/api/events/${id}`, {
    data: { description: `About ${RLO}evil`, subtitle: `${RLO}evil` },
    headers: bearer(owner),
  });
  expect(change.ok()).toBe(true);

  // The organiser's page: the editable name is a dir="auto" field, and the breadcrumb writes ' [ Private ]' right after
  // the name, in the same line: it still reads left to right.
  await signInAs(page, owner, `/manage/experiences/upcoming/${id}`);
  await expect(page.getByRole("textbox", { name: "Experience name" })).toHaveAttribute("dir", "auto");
  await expect(page.getByText(`About ${RLO}evil`)).toHaveAttribute("dir", "auto");
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb).toContainText(`${name} [ Private ]`);
  expect(await isolation(breadcrumb.getByText(name))).toEqual({ tag: "BDI", dir: "auto", unicodeBidi: "isolate" });
  expect(await readsLeftToRight(breadcrumb, " [ Private ]", "Private")).toBe(true);

  // The share page (the Worker's first view, then the app's page): each piece of user text is isolated.
  await page.goto(`/itinerary/${id}`);
  const heading = page.getByRole("heading", { level: 1, name });
  await expect(heading).toBeVisible();
  expect(await isolation(heading)).toEqual({ tag: "H1", dir: "auto", unicodeBidi: "isolate" });
  expect(await isolation(page.getByText(`About ${RLO}evil`))).toEqual({ tag: "P", dir: "auto", unicodeBidi: "isolate" });
  const host = page.getByText(/^Hosted by/).getByText(`Eve${RLO}lam Host`);
  expect(await isolation(host)).toEqual({ tag: "BDI", dir: "auto", unicodeBidi: "isolate" });
  // The corner's 'Signed in as' isolates the same name.
  const signedIn = page.getByRole("link", { name: /^Signed in as/ }).getByText(`Eve${RLO}lam Host`);
  expect(await isolation(signedIn)).toEqual({ tag: "BDI", dir: "auto", unicodeBidi: "isolate" });
  await expect(page.getByText(/ · 2 days$/)).toBeVisible();
});

test("a link after a right-to-left override reads left to right and shows the host it goes to", async ({ page, request }) => {
  const owner = await registerViaApi(request, "Eve", "Host");
  const id = await experienceViaApi(request, owner, { name: "Trip with a link", privacy: "PUBLIC", days: 2 });
  // Drawn right to left, the URL's reversed letters would read 'https://your-bank.com/…' while it goes to evil.example.
  const description = `Pay the deposit at ${RLO}https://evil.example/moc.knab-ruoy//:sptth today`;
  await activityViaApi(request, owner, id, await firstDay(request, id), { name: "Deposit", description, start: "10:00", end: "11:00" });
  await page.goto(`/itinerary/${id}`);
  await page.getByRole("button", { name: /^Deposit / }).click();
  const link = page.getByRole("link", { name: /evil\.example/ });
  await expect(link).toHaveAttribute("href", "https://evil.example/moc.knab-ruoy//:sptth");
  expect(await isolation(link.locator("bdi"))).toEqual({ tag: "BDI", dir: "ltr", unicodeBidi: "isolate" });
  expect(await readsLeftToRight(link, "https://evil.example/moc.knab-ruoy//:sptth", "https://evil")).toBe(true);
});
