export * from "./audit";
export * from "./events";
export * from "./organizations";
export * from "./players";
export * from "./results";
export * from "./rounds";
