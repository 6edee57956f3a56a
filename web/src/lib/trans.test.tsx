import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Trans } from "./trans";

describe("a message with elements", () => {
  it("puts the code's element around the translator's words, with the values filled in", () => {
    const { container } = render(<Trans id="Welcome, <0>{firstName}</0>" values={{ firstName: "Ana" }} components={{ 0: <b /> }} />);
    expect(container.innerHTML).toBe("Welcome, <b>Ana</b>");
  });

  it("reads nested and self-closing tags", () => {
    const { container } = render(<Trans id="<0>Hi <1>there</1></0><2/>" components={{ 0: <p />, 1: <b />, 2: <br /> }} />);
    expect(container.innerHTML).toBe("<p>Hi <b>there</b></p><br>");
  });

  it("places a value that is an element as an element", () => {
    const { container } = render(<Trans id="<0>{name}</0> · editing" values={{ name: <i>Ana</i> }} components={{ 0: <b /> }} />);
    expect(container.innerHTML).toBe("<b><i>Ana</i></b> · editing");
  });

  it("is plain text when the message has no tags", () => {
    const { container } = render(<Trans id="Nothing to mark" />);
    expect(container.innerHTML).toBe("Nothing to mark");
  });
});
