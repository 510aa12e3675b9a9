// The public face of this group: other folders import only from here.

export { loadPlayerRatingScope, playerRating } from "./player";
export {
  buildRatingTable,
  loadRatingScope,
  ratingsResponse,
} from "./ratings";
