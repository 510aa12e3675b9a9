import { describe, expect, it } from "vitest";
import { cliCommand } from "../../src/cli";

describe("the CLI help's command", () => {
  it("is the production command from the built dist", () => {
    expect(cliCommand("file:///srv/app/dist/cli.js")).toBe("node dist/cli.js");
  });
  it("is the npm script from the source", () => {
    expect(cliCommand("file:///work/app/src/cli.ts")).toBe("npm run -s cli --");
  });
});
