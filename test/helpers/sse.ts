/** One message of a server-sent event stream, with the fields the API sends. */
export interface SseMessage {
  id?: string;
  event?: string;
  data: string;
}

/** The messages of a whole server-sent event stream (a short connection read to its end). */
export function parseSse(text: string): SseMessage[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const msg: SseMessage = { data: "" };
      for (const line of block.split("\n")) {
        const [field, ...rest] = line.split(": ");
        const value = rest.join(": ");
        if (field === "id") msg.id = value;
        else if (field === "event") msg.event = value;
        else if (field === "data") msg.data += value;
      }
      return msg;
    });
}

/** The JSON of each message that carries data. */
export function sseData<T = unknown>(text: string): T[] {
  return parseSse(text)
    .filter((m) => m.data !== "")
    .map((m) => JSON.parse(m.data) as T);
}
