export * from "./audit";
export * from "./events";
export * from "./federation";
export * from "./organizations";
export * from "./players";
export * from "./results";
export * from "./rounds";
export * from "./webhooks";
