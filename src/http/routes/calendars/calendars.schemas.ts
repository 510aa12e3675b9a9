import { z } from "@hono/zod-openapi";
import { onePageSchema, TimestampSchema } from "../../openapi/common-schemas";

const CalendarLinkSchema = z
  .object({
    id: z.string().openapi({ example: "cal_01JDQ7F3M1X5Z7B9D1F3H5K7M9" }),
    playerId: z.string().openapi({ example: "ply_01JDQ70A8M6R2S4T6V8X0Z2B4D" }),
    orgId: z.string().openapi({
      description: "The organisation that made the link: the feed shows what its staff may read.",
      example: "org_01JDQ6Y0STORE0000000000000",
    }),
    createdAt: TimestampSchema,
    revokedAt: TimestampSchema.nullable().openapi({ description: "Set once revoked: the feed answers 404." }),
  })
  .openapi("CalendarLink");

export const CreatedCalendarLinkSchema = CalendarLinkSchema.extend({
  url: z.string().openapi({
    description:
      "The secret feed address to hand to the player (calendar apps subscribe to it without a token). Shown only in this answer: the server keeps a hash of the secret.",
    example: "https://api.example.org/v1/calendars/q3H2x9Yd0kV7mC1bN5sR8tW4zA6eF2gJ1lP0oU3iE7c.ics",
  }),
}).openapi("CreatedCalendarLink");

export const CalendarLinkListSchema = onePageSchema(
  CalendarLinkSchema,
  "CalendarLinkList",
  "Always null: a player's links come in one page.",
);

export const ICS_EXAMPLE =
  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//catan-tournament-api//calendar//EN\r\nNAME:Vilnius Open\r\nX-WR-CALNAME:Vilnius Open\r\n" +
  "BEGIN:VEVENT\r\nUID:ses_01JDQ7B2K9W4X6Z8A0C2E4G6J8@api.example.org\r\nSEQUENCE:0\r\nDTSTAMP:20261101T090000Z\r\nDTSTART:20261205T080000Z\r\n" +
  "SUMMARY:Vilnius Open — Qualifier #1\r\nLOCATION:Board Game Café\\, Laisvės al. 53\r\nDESCRIPTION:Prelim session of Vilnius Open.\\nStarts 2026-12-05 10:00 (Europe/Vil\r\n nius).\r\nEND:VEVENT\r\nEND:VCALENDAR";
