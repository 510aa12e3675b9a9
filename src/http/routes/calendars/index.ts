import { createRouter } from "../../router";
import * as h from "./calendars.handlers";
import * as r from "./calendars.routes";

export const calendarsRouter = createRouter()
  .openapi(r.getEventCalendar, h.getEventCalendarHandler)
  .openapi(r.getPlayerCalendar, h.getPlayerCalendarHandler)
  .openapi(r.getSecretCalendar, h.getSecretCalendarHandler)
  .openapi(r.createCalendarLink, h.createCalendarLinkHandler)
  .openapi(r.listCalendarLinks, h.listCalendarLinksHandler)
  .openapi(r.revokeCalendarLink, h.revokeCalendarLinkHandler);
