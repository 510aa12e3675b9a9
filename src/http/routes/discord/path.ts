/** Where Discord sends the interactions (the application's Interactions Endpoint URL). */
export const DISCORD_INTERACTIONS_PATH = "/discord/interactions";
/** Where a store goes to add the application to its Discord server. */
export const DISCORD_INSTALL_PATH = "/discord/install";
