import { createRouter } from "../../router";
import { getAuthorizationServerMetadataHandler } from "./well-known.handlers";
import { getAuthorizationServerMetadata } from "./well-known.routes";

export const wellKnownRouter = createRouter().openapi(
  getAuthorizationServerMetadata,
  getAuthorizationServerMetadataHandler,
);
