import { describe, expect, it } from "vitest";
import { hasPublicHost, isHttpsUrl, isPublicHttpsUrl } from "./public-url";

describe("isHttpsUrl", () => {
  it("accepts absolute https URLs only", () => {
    expect(isHttpsUrl("https://images.example.com/a.jpg")).toBe(true);
    for (const value of [
      "http://example.com/a.jpg",
      "ftp://example.com/a.jpg",
      "javascript:alert(1)",
      "//example.com/a.jpg",
      "/demo/a.jpg",
      "not a url",
      "",
    ]) {
      expect(isHttpsUrl(value), value).toBe(false);
    }
  });
});

describe("hasPublicHost: a link shown to others never points into a viewer's own machine or network", () => {
  it("accepts hosts on the public internet, by name or address", () => {
    for (const value of [
      "https://images.unsplash.com/photo-1",
      "https://example.com:8443/a.jpg",
      "https://EXAMPLE.com./a.jpg",
      "https://xn--bcher-kva.example/a.jpg",
      "https://8.8.8.8/a.jpg",
      "https://172.32.0.1/a.jpg",
      "https://[2606:4700:4700::1111]/a.jpg",
      "https://[::ffff:8.8.8.8]/a.jpg",
    ]) {
      expect(hasPublicHost(value), value).toBe(true);
    }
  });

  it("refuses loopback and local names", () => {
    for (const value of [
      "https://localhost/a.jpg",
      "https://LOCALHOST./a.jpg",
      "https://%6Cocalhost/a.jpg",
      "https://images.example.com@localhost/a.jpg",
      "https://app.localhost/a.jpg",
      "https://printer.local/a.jpg",
      "https://nas.home.arpa/a.jpg",
      "https://db.internal/a.jpg",
      "https://intranet/a.jpg",
    ]) {
      expect(hasPublicHost(value), value).toBe(false);
    }
  });

  it("refuses private, loopback, link-local and reserved IPv4 addresses", () => {
    for (const host of [
      "127.0.0.1",
      "127.255.0.9",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.20",
      "169.254.169.254",
      "0.0.0.0",
      "100.64.0.1",
      "224.0.0.1",
      "255.255.255.255",
    ]) {
      expect(hasPublicHost(`https://${host}/a.jpg`), host).toBe(false);
    }
  });

  it("refuses IPv4 written as one decimal, hex or octal number, or with fewer parts", () => {
    for (const host of ["2130706433", "0x7f000001", "0x7f.1", "017700000001", "0177.0.0.1", "127.1", "10.1", "3232235777", "0"]) {
      expect(hasPublicHost(`https://${host}/a.jpg`), host).toBe(false);
    }
  });

  it("refuses private IPv6 addresses and IPv4 addresses wrapped in IPv6", () => {
    for (const host of [
      "::1",
      "::",
      "0:0:0:0:0:0:0:1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "febf::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::127.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2002:c0a8:101::1",
      "2001:db8::1",
    ]) {
      expect(hasPublicHost(`https://[${host}]/a.jpg`), host).toBe(false);
    }
  });

  it("refuses what it cannot read", () => {
    expect(hasPublicHost("not a url")).toBe(false);
    expect(hasPublicHost("")).toBe(false);
  });
});

describe("isPublicHttpsUrl", () => {
  it("needs both https and a public host", () => {
    expect(isPublicHttpsUrl("https://images.example.com/a.jpg")).toBe(true);
    expect(isPublicHttpsUrl("http://images.example.com/a.jpg")).toBe(false);
    expect(isPublicHttpsUrl("https://127.0.0.1/a.jpg")).toBe(false);
  });
});
