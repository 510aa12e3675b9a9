/** The console's words in the pages' languages; the language itself is chosen as for the pages. */
import type { Lang } from "../../pages/i18n";
import { type ConsoleMessages, en } from "./en";
import { fr } from "./fr";
import { lt } from "./lt";

export type { ConsoleMessages } from "./en";

const MESSAGES: Record<Lang, ConsoleMessages> = { en, fr, lt };

export const consoleMessages = (lang: Lang): ConsoleMessages => MESSAGES[lang];
