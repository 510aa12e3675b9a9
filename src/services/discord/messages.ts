/**
 * What the commands answer, as Discord messages. Escaping, limits, colours and links are the
 * webhooks' Discord formatting (one way to speak in Discord): a player called `**Bob**` or
 * `@everyone` shows as typed, and links go to the human pages when the public URL can be one.
 */
import type { APIEmbed } from "discord-api-types/v10";

export {
  COLORS,
  escapeMarkdown,
  fitEmbeds,
  NO_MENTIONS,
  ordinal,
  type PageLinks,
  pageLinks,
  roundLabel,
} from "../webhooks";

/** A command's answer before it becomes an interaction response or a webhook edit. */
export interface Reply {
  content?: string;
  embeds?: APIEmbed[];
  /** Only the person who ran the command sees it. */
  ephemeral?: boolean;
}

export const say = (content: string, ephemeral = true): Reply => ({ content, ephemeral });
