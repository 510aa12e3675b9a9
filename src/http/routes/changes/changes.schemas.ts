import { z } from "@hono/zod-openapi";

/** `?maxSeconds=`: how long the server keeps a stream open (1–3600 s, default 300). */
export const maxSecondsQuery = (description: string) =>
  z.coerce.number().int().min(1).max(3600).default(300).openapi({ description });

/** Where a stream resumes: the last `id` received (a number). */
export const lastEventId = (description: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .openapi({ description });

/** The 200 of a stream: `text/event-stream`, with a message or two as the example. */
export const eventStream = (description: string, example?: string) => ({
  description,
  content: {
    "text/event-stream": { schema: example === undefined ? z.string() : z.string().openapi({ example }) },
  },
});
