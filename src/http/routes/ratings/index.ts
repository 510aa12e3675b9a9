import { createRouter } from "../../router";
import { getOrgRatingsHandler, getPlayerRatingHandler } from "./ratings.handlers";
import { getOrgRatings, getPlayerRating } from "./ratings.routes";

export const ratingsRouter = createRouter()
  .openapi(getOrgRatings, getOrgRatingsHandler)
  .openapi(getPlayerRating, getPlayerRatingHandler);
