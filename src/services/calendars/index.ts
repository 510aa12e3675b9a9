// The public face of this group: other folders import only from here.

export { type CalendarFeed, eventCalendar, playerCalendar, secretCalendar } from "./feeds";
export {
  createCalendarLink,
  listCalendarLinks,
  revokeCalendarLink,
} from "./links";
