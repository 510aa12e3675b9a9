import { describe, expect, it } from "vitest";
import { escapeMarkdown, fitEmbeds, ordinal, withContext } from "./discord-format";

describe("escapeMarkdown", () => {
  it("leaves no formatting, link, mention or line break in a name", () => {
    expect(escapeMarkdown("**Bob** _x_ ~~y~~ `z` ||s|| > q # h - l")).toBe(
      "\\*\\*Bob\\*\\* \\_x\\_ \\~\\~y\\~\\~ \\`z\\` \\|\\|s\\|\\| \\> q \\# h \\- l",
    );
    expect(escapeMarkdown("[x](https://evil.example) <@123> @here")).toBe(
      "\\[x\\]\\(https\\://evil.example\\) \\<\\@123\\> \\@here",
    );
    expect(escapeMarkdown("a\\b")).toBe("a\\\\b");
    expect(escapeMarkdown("two\r\n lines")).toBe("two lines");
    expect(escapeMarkdown("Rūta Kazlauskienė")).toBe("Rūta Kazlauskienė");
  });
});

describe("embeds", () => {
  it("carry their event, session, organisation and time", () => {
    const embed = withContext(
      { title: "Game 1 seating" },
      { eventName: "Cup", sessionName: "Kaunas", orgName: "Store", at: "2026-12-05T10:00:00.000Z" },
    );
    expect(embed).toEqual({
      title: "Game 1 seating",
      author: { name: "Cup · Kaunas" },
      footer: { text: "Store · CATAN Tournament" },
      timestamp: "2026-12-05T10:00:00.000Z",
    });
  });

  it("fit Discord's limits, the author line included", () => {
    const [embed] = fitEmbeds([{ title: "t".repeat(300), author: { name: "a".repeat(300) } }]);
    expect(embed!.title).toHaveLength(256);
    expect(embed!.author!.name).toHaveLength(256);
  });

  it("count places in English", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
    ]);
  });
});
