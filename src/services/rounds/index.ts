// The public face of this group: other folders import only from here.

export { createBoard, getBoard } from "./boards";
export { createRounds, getRound, listSessionRounds } from "./rounds";
