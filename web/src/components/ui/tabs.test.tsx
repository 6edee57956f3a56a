import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState, useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { Tabs, useTabIds, type TabItem } from "./tabs";
import { InlineText } from "./inline-text";
import { MemoryRouter } from "react-router-dom";
import type { ExperienceListItem } from "@worker/features/experiences/experiences.schema";
import { ExperienceCard } from "@web/components/experience-card/experience-card";
import { Modal } from "./modal";
import { useDismiss, type DismissReason } from "./use-dismiss";
import { DocumentDropZone } from "@web/components/document-drop-zone/document-drop-zone";
import { HostsList } from "@web/components/hosts-list/hosts-list";

type Fruit = "apple" | "pear" | "plum";
const FRUITS: TabItem<Fruit>[] = [
  { id: "apple", label: "Apple", badge: 3 },
  { id: "pear", label: "Pear", badge: 0 },
  { id: "plum", label: "Plum" },
];

function Fruits() {
  const [fruit, setFruit] = useState<Fruit>("apple");
  const ids = useTabIds<Fruit>();
  return (
    <>
      <Tabs label="Fruit" tabs={FRUITS} selected={fruit} onSelect={setFruit} ids={ids} />
      <div {...ids.panelProps(fruit)}>{fruit} panel</div>
    </>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });
const selected = () => screen.getAllByRole("tab").filter((t) => t.getAttribute("aria-selected") === "true");

describe("Tabs", () => {
  it("names the list and each tab by its label and badge", () => {
    render(<Fruits />);
    expect(screen.getByRole("tablist", { name: "Fruit" })).toBeTruthy();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Apple 3", "Pear 0", "Plum"]);
    expect(tab("Apple 3")).toBeTruthy();
  });

  it("ties the selected tab and its panel together, with one tab stop", () => {
    render(<Fruits />);
    const apple = tab("Apple 3");
    const panel = screen.getByRole("tabpanel", { name: "Apple 3" });
    expect(apple.getAttribute("aria-selected")).toBe("true");
    expect(apple.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.getAttribute("aria-labelledby")).toBe(apple.id);
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(tab("Pear 0").getAttribute("aria-controls")).toBeNull();
    expect(new Set(screen.getAllByRole("tab").map((t) => t.id)).size).toBe(3);
  });

  it("selects a tab on click", () => {
    render(<Fruits />);
    fireEvent.click(tab("Plum"));
    expect(selected()).toEqual([tab("Plum")]);
    expect(screen.getByRole("tabpanel", { name: "Plum" }).textContent).toBe("plum panel");
  });

  it("moves with ArrowRight and ArrowLeft (wrapping), Home and End, selecting and focusing the tab it reaches", () => {
    render(<Fruits />);
    const [apple, pear, plum] = screen.getAllByRole("tab") as [HTMLElement, HTMLElement, HTMLElement];
    fireEvent.keyDown(apple, { key: "ArrowRight" });
    expect(selected()).toEqual([pear]);
    expect(document.activeElement).toBe(pear);
    fireEvent.keyDown(pear, { key: "End" });
    expect(document.activeElement).toBe(plum);
    fireEvent.keyDown(plum, { key: "ArrowRight" });
    expect(document.activeElement).toBe(apple);
    fireEvent.keyDown(apple, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(plum);
    fireEvent.keyDown(plum, { key: "Home" });
    expect(selected()).toEqual([apple]);
    expect(document.activeElement).toBe(apple);
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it("leaves other keys alone", () => {
    render(<Fruits />);
    fireEvent.keyDown(tab("Apple 3"), { key: "ArrowDown" });
    expect(selected()).toEqual([tab("Apple 3")]);
  });
});

const field = () => screen.getByLabelText<HTMLTextAreaElement>("Day name");

function edit(text: string) {
  fireEvent.change(field(), { target: { value: text } });
  fireEvent.blur(field());
}

describe("InlineText (spec 2 §5: inline edits)", () => {
  it("saves on blur when the text is non-empty and changed", async () => {
    const onSave = vi.fn(async () => {});
    render(<InlineText label="Day name" value="Arrival" onSave={onSave} />);
    edit("  Arrival day ");
    expect(onSave).toHaveBeenCalledWith("Arrival day", "Arrival");
    await waitFor(() => expect(field().value).toBe("  Arrival day "));
  });

  it("reverts an empty or unchanged text without saving", () => {
    const onSave = vi.fn();
    render(<InlineText label="Day name" value="Arrival" onSave={onSave} />);
    edit("   ");
    expect(field().value).toBe("Arrival");
    edit("Arrival ");
    expect(onSave).not.toHaveBeenCalled();
    expect(field().value).toBe("Arrival");
  });

  it("goes back to the last saved value when the save reports failure", async () => {
    render(<InlineText label="Day name" value="Arrival" onSave={async () => false} />);
    edit("Rejected name");
    await waitFor(() => expect(field().value).toBe("Arrival"));
  });

  it("goes back to the last saved value when the save rejects", async () => {
    render(<InlineText label="Day name" value="Arrival" onSave={() => Promise.reject(new Error("Failed to update day"))} />);
    edit("Rejected name");
    await waitFor(() => expect(field().value).toBe("Arrival"));
  });

  it("goes back to the newest saved value when it changed while saving", async () => {
    let fail!: () => void;
    const { rerender } = render(
      <InlineText label="Day name" value="Arrival" onSave={() => new Promise<boolean>((resolve) => (fail = () => resolve(false)))} />,
    );
    edit("Rejected name");
    rerender(<InlineText label="Day name" value="Arrival (renamed by a co-host)" onSave={async () => false} />);
    fail();
    await waitFor(() => expect(field().value).toBe("Arrival (renamed by a co-host)"));
  });

  it("saves an emptied optional field as empty", async () => {
    const onSave = vi.fn(async () => {});
    render(<InlineText label="Day name" optional value="Old town" onSave={onSave} />);
    edit("   ");
    expect(onSave).toHaveBeenCalledWith("", "Old town");
    await waitFor(() => expect(field().value).toBe("   "));
  });

  it("does not save an optional field that was empty and stays empty", () => {
    const onSave = vi.fn();
    render(<InlineText label="Day name" optional value="" onSave={onSave} />);
    edit(" ");
    expect(onSave).not.toHaveBeenCalled();
    expect(field().value).toBe("");
  });
});

const DAY = 24 * 60 * 60 * 1000;
const soon = Math.ceil(Date.now() / DAY) * DAY + 2 * DAY;

const item = (overrides: Partial<ExperienceListItem> = {}): ExperienceListItem => ({
  id: "ev1",
  name: "Lisbon weekend",
  startTime: new Date(soon).toISOString(),
  endTime: new Date(soon + 3 * DAY).toISOString(),
  timeZone: "UTC",
  privacy: "PUBLIC",
  rsvpType: "OPEN_INVITE",
  image: null,
  owner: { guid: "u1", firstName: "Maya", lastName: "Host", profilePic: null },
  role: "owner",
  dayCount: 3,
  goingCount: 0,
  ...overrides,
});

const card = (event: ExperienceListItem) => {
  render(
    <MemoryRouter>
      <ExperienceCard event={event} to="/manage/experiences/upcoming/ev1" />
    </MemoryRouter>,
  );
  return screen.getByTestId("event-card");
};

describe("EventCard", () => {
  it("shows one's own experience with its status and days, without an 'Owner' badge or a 'by' line", () => {
    const shown = card(item());
    expect(shown.textContent).toContain("Upcoming");
    expect(shown.textContent).toContain("3 days");
    expect(shown.textContent).not.toMatch(/Owner|by Maya|going/);
  });

  it("shows someone else's experience with the role, who runs it and how many are going", () => {
    const shown = card(item({ role: "guest", goingCount: 5, privacy: "PRIVATE" }));
    expect(shown.textContent).toContain("Guest");
    expect(shown.textContent).toContain("by Maya Host");
    expect(shown.textContent).toContain("3 days · 5 going");
    expect(shown.textContent).toContain("Private");
  });

  it("isolates the experience's name and the organiser's name, so an override in them cannot reverse 'by'", () => {
    const shown = card(
      item({ name: "Trip \u202Eevil", role: "guest", owner: { guid: "u2", firstName: "Eve\u202E", lastName: "Host", profilePic: null } }),
    );
    expect(shown.querySelector("h2")?.getAttribute("dir")).toBe("auto");
    const owner = [...shown.querySelectorAll("bdi")].find((bdi) => bdi.textContent === "Eve\u202E Host");
    expect(owner?.getAttribute("dir")).toBe("auto");
    expect(owner?.parentElement?.textContent).toMatch(/^by Eve/);
  });

  it("words the dates as the experience's local dates: a Tokyo experience starting at 15:00Z the day before", () => {
    const shown = card(item({ timeZone: "Asia/Tokyo", startTime: "2027-03-11T15:00:00.000Z", endTime: "2027-03-14T15:00:00.000Z" }));
    expect(shown.textContent).toContain("Mar 12 – Mar 14, 2027");
  });
});

function Popup({ onDismiss, active = true }: { onDismiss: (reason: DismissReason) => void; active?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  useDismiss(root, onDismiss, active);
  return (
    <div ref={root}>
      <button type="button">Inside</button>
    </div>
  );
}

function renderPopup(props: { active?: boolean } = {}) {
  const onDismiss = vi.fn();
  render(
    <>
      <Popup onDismiss={onDismiss} {...props} />
      <button type="button">Outside</button>
    </>,
  );
  return onDismiss;
}

describe("useDismiss", () => {
  it("dismisses on a pointer press outside, not inside", () => {
    const onDismiss = renderPopup();
    fireEvent.pointerDown(screen.getByRole("button", { name: "Inside" }));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByRole("button", { name: "Outside" }));
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith("outside");
  });

  it("dismisses on Escape pressed inside", () => {
    const onDismiss = renderPopup();
    fireEvent.keyDown(screen.getByRole("button", { name: "Inside" }), { key: "Escape" });
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith("escape");
    fireEvent.keyDown(screen.getByRole("button", { name: "Inside" }), { key: "Enter" });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("does nothing while inactive", () => {
    const onDismiss = renderPopup({ active: false });
    fireEvent.pointerDown(screen.getByRole("button", { name: "Outside" }));
    fireEvent.keyDown(screen.getByRole("button", { name: "Inside" }), { key: "Escape" });
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it("keeps the Escape from closing a dialog around the popup", () => {
    const onDismiss = vi.fn();
    const onClose = vi.fn();
    render(
      <Modal title="Around" onClose={onClose}>
        <Popup onDismiss={onDismiss} />
      </Modal>,
    );
    fireEvent.keyDown(screen.getByRole("button", { name: "Inside" }), { key: "Escape" });
    expect(onDismiss).toHaveBeenCalledWith("escape");
    expect(onClose).not.toHaveBeenCalled();
  });
});

const files = () => [new File(["pdf"], "Plan.pdf", { type: "application/pdf" }), new File(["png"], "Map.png", { type: "image/png" })];

describe("DocumentDropZone", () => {
  it("says 'Drop files here' and the limits: JPEG, PNG or PDF, up to 20 MB each", () => {
    render(<DocumentDropZone onFiles={() => {}} />);
    expect(screen.getByText("Drop files here")).toBeTruthy();
    expect(screen.getByText("JPEG, PNG or PDF, up to 20 MB each, several at once")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Document files").accept).toBe(".jpeg,.jpg,.png,.pdf");
  });

  it("hands over the chosen files and clears the picker, so the same file can be chosen again", () => {
    const onFiles = vi.fn();
    render(<DocumentDropZone onFiles={onFiles} />);
    const picker = screen.getByLabelText<HTMLInputElement>("Document files");
    fireEvent.change(picker, { target: { files: files() } });
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: "Plan.pdf" }), expect.objectContaining({ name: "Map.png" })]);
    expect(picker.value).toBe("");
  });

  it("hands over dropped files", () => {
    const onFiles = vi.fn();
    render(<DocumentDropZone onFiles={onFiles} />);
    fireEvent.drop(screen.getByTestId("document-drop-zone"), { dataTransfer: { files: files() } });
    expect(onFiles.mock.calls[0]![0].map((file: File) => file.name)).toEqual(["Plan.pdf", "Map.png"]);
  });

  it("turns 'Choose files' off while disabled and shows what it is given under it", () => {
    render(
      <DocumentDropZone onFiles={() => {}} disabled>
        <p>Uploading...</p>
      </DocumentDropZone>,
    );
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Choose files" }).disabled).toBe(true);
    expect(screen.getByText("Uploading...")).toBeTruthy();
  });
});

const maya = {
  guid: "u1",
  firstName: "Maya",
  lastName: "Owner",
  profilePic: { source: "UPLOAD" as const, original: "/files/m", thumbnail: "/files/m-thumb" },
};
const hal = { guid: "u2", firstName: "Hal", lastName: "Cohost", profilePic: null };
const ana = { guid: "u3", firstName: "Ana", lastName: "Lima", profilePic: null };

describe("HostsList", () => {
  it("shows 'Hosted by' the owner alone", () => {
    const { container } = render(<HostsList owner={maya} hosts={[]} />);
    expect(container.querySelector("p")!.textContent).toBe("Hosted by Maya Owner");
    expect(container.querySelector("img")!.getAttribute("src")).toBe("/files/m-thumb");
  });

  it("shows the owner first, then the co-hosts in their order, with a picture or initials each", () => {
    const { container } = render(<HostsList owner={maya} hosts={[hal, ana]} />);
    expect(container.querySelector("p")!.textContent).toBe("Hosted by Maya Owner, Hal Cohost and Ana Lima");
    expect(screen.getByText("HC")).toBeTruthy();
    expect(screen.getByText("AL")).toBeTruthy();
  });

  it("names the owner once, should the co-hosts list them too", () => {
    const { container } = render(<HostsList owner={maya} hosts={[maya, hal]} />);
    expect(container.querySelector("p")!.textContent).toBe("Hosted by Maya Owner and Hal Cohost");
  });
});
