import { describe, expect, it } from "vitest";
import { resolveChromium } from "../helpers/browser";

describe("the browser tests' Chromium", () => {
  it("takes CHROMIUM_PATH first", async () => {
    expect(await resolveChromium({ CHROMIUM_PATH: process.execPath }, "darwin-arm64")).toBe(process.execPath);
  });
  it("fails, saying to set CHROMIUM_PATH, where no packaged one exists", async () => {
    await expect(resolveChromium({}, "darwin-arm64")).rejects.toThrow(/CHROMIUM_PATH/);
  });
  it("fails on a CHROMIUM_PATH that is not there", async () => {
    await expect(resolveChromium({ CHROMIUM_PATH: "/nonexistent/chrome" }, "linux-x64")).rejects.toThrow(
      /no such file/,
    );
  });
});
