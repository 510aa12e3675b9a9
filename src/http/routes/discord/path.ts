/** Where Discord sends the interactions (the application's Interactions Endpoint URL). */
export const DISCORD_INTERACTIONS_PATH = "/discord/interactions";
