/**
 * The console's one script, served as a file (the pages' policy runs no inline script), with
 * its hash in the address so that a browser keeps it until it changes.
 */
import { createHash } from "node:crypto";

export const CONSOLE_SCRIPT = `(function(){"use strict";})();`;

const version = createHash("sha256").update(CONSOLE_SCRIPT).digest("hex").slice(0, 12);
export const CONSOLE_SCRIPT_PATH = `/console/console.${version}.js`;
