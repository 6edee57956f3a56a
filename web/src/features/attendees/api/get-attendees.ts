// The attendee list is shared with the Documents tab, so its query lives in lib.
export { attendeesQueryOptions } from "@web/lib/queries/attendees-query";
