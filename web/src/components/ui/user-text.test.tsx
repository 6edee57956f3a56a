import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UserText } from "./user-text";

const RLO = "\u202E";

describe("UserText: text someone typed is bidi-isolated", () => {
  it("is a <bdi dir='auto'> inline, or the element `as` names with dir='auto'", () => {
    render(
      <p>
        Hosted by <UserText>{`Eve${RLO}lam`}</UserText>
        <UserText as="h2" className="title">{`Trip ${RLO}evil`}</UserText>
      </p>,
    );
    const name = screen.getByText(`Eve${RLO}lam`);
    expect(name.tagName).toBe("BDI");
    expect(name.getAttribute("dir")).toBe("auto");
    const title = screen.getByText(`Trip ${RLO}evil`);
    expect(title.tagName).toBe("H2");
    expect(title.getAttribute("dir")).toBe("auto");
    expect(title.className).toBe("title");
  });
});
