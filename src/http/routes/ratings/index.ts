import { createRouter } from "../../router";
import { getOrgRatingsCsvHandler, getOrgRatingsHandler, getPlayerRatingHandler } from "./ratings.handlers";
import { getOrgRatings, getOrgRatingsCsv, getPlayerRating } from "./ratings.routes";

export const ratingsRouter = createRouter()
  .openapi(getOrgRatings, getOrgRatingsHandler)
  .openapi(getOrgRatingsCsv, getOrgRatingsCsvHandler)
  .openapi(getPlayerRating, getPlayerRatingHandler);
