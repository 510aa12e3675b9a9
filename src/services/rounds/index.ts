// The public face of this group: other folders import only from here.

export { createBoard, getBoard } from "./boards";
export { dropPlayer, leaveForExclusion, reseatAfterDisqualification } from "./drops";
export { seatFinal, seatSemifinals } from "./playoffs-seating";
export { createRounds, deleteRound, getRound, listSessionRounds } from "./rounds";
export { commitSeating, rankingInputsChanged } from "./write";
