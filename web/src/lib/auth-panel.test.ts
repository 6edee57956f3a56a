import { afterEach, describe, expect, it } from "vitest";
import { aUser } from "@web/test/fixtures";
import { authPanel } from "./auth-panel";
import { session } from "./session";

const signIn = () => session.save({ authToken: "a", refreshToken: "r", user: aUser() });

afterEach(() => {
  authPanel.close();
  session.clear();
});

describe("the auth panel's intent (what a visitor asked for before signing in)", () => {
  it("is given back once, and only once the visitor is signed in", () => {
    authPanel.open("login", "join:ev1");
    expect(authPanel.takeIntent("join:ev1")).toBe(false);
    signIn();
    expect(authPanel.takeIntent("join:ev2")).toBe(false);
    expect(authPanel.takeIntent("join:ev1")).toBe(true);
    expect(authPanel.takeIntent("join:ev1")).toBe(false);
  });

  it("survives the panel closing after a sign-in, and switching between login and register", () => {
    authPanel.open("login", "join:ev1");
    authPanel.open("register");
    signIn();
    authPanel.close();
    expect(authPanel.takeIntent("join:ev1")).toBe(true);
  });

  it("is forgotten when the panel is closed without signing in", () => {
    authPanel.open("login", "join:ev1");
    authPanel.close();
    signIn();
    expect(authPanel.takeIntent("join:ev1")).toBe(false);
  });
});
