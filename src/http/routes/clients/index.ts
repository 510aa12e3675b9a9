import { createRouter } from "../../router";
import {
  createApiClientHandler,
  getApiClientHandler,
  listApiClientsHandler,
  revokeApiClientHandler,
  setApiClientRateLimitHandler,
} from "./clients.handlers";
import {
  createApiClient,
  getApiClient,
  listApiClients,
  revokeApiClient,
  setApiClientRateLimit,
} from "./clients.routes";

export const clientsRouter = createRouter()
  .openapi(createApiClient, createApiClientHandler)
  .openapi(listApiClients, listApiClientsHandler)
  .openapi(getApiClient, getApiClientHandler)
  .openapi(revokeApiClient, revokeApiClientHandler)
  .openapi(setApiClientRateLimit, setApiClientRateLimitHandler);
