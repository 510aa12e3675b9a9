import { createRouter } from "../../router";
import {
  createEventHandler,
  getEventHandler,
  listEventsHandler,
  updateEventHandler,
} from "./events.handlers";
import { createEvent, getEvent, listEvents, updateEvent } from "./events.routes";

export const eventsRouter = createRouter()
  .openapi(createEvent, createEventHandler)
  .openapi(listEvents, listEventsHandler)
  .openapi(getEvent, getEventHandler)
  .openapi(updateEvent, updateEventHandler);
