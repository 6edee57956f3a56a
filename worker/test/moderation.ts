import { apiAs } from "./client";

// Feed moderation's calls, through the typed client (docs/moderation.md).

const feeds = (token: string) => apiAs(token).api.feeds[":eventId"];

export const hidePost = (token: string, eventId: string, feedId: string, hidden = true) =>
  feeds(token)[":feedId"].moderation.$put({ param: { eventId, feedId }, json: { hidden } });
export const hideComment = (token: string, eventId: string, feedId: string, commentId: string, hidden = true) =>
  feeds(token)[":feedId"].comment[":commentId"].moderation.$put({ param: { eventId, feedId, commentId }, json: { hidden } });
export const reportPost = (token: string, eventId: string, feedId: string, reason = "Spam") =>
  feeds(token)[":feedId"].report.$post({ param: { eventId, feedId }, json: { reason } });
export const reportComment = (token: string, eventId: string, feedId: string, commentId: string, reason = "Rude") =>
  feeds(token)[":feedId"].comment[":commentId"].report.$post({ param: { eventId, feedId, commentId }, json: { reason } });
export const readReports = (token: string, eventId: string) => feeds(token).reports.$get({ param: { eventId } });
export const dismissReports = (token: string, eventId: string, subjectId: string) =>
  feeds(token).reports[":subjectId"].$delete({ param: { eventId, subjectId } });
export const mute = (token: string, eventId: string, userId: string, muted = true) =>
  feeds(token).mutes[":userId"].$put({ param: { eventId, userId }, json: { muted } });
