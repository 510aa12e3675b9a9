// The public face of this group: other folders import only from here.

export { loadPlayerRatingScope, type PlayerRatingDto, type PlayerRatingScope, playerRating } from "./player";
export {
  buildRatingTable,
  loadRatingScope,
  type RatingScope,
  type RatingsDto,
  type RatingTable,
  ratingsResponse,
} from "./ratings";
