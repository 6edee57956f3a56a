import { expect } from "vitest";
import { apiAs } from "./client";
import type { makeEvent } from "./helpers";
import { namedCrew } from "./people";

type PostForm = { title?: string; file?: File; mediaId?: string };

const feeds = (token?: string) => apiAs(token).api.feeds[":eventId"];
const openFeeds = () => apiAs().oapi.feeds[":eventId"];

export const readPage = (token: string, eventId: string, query: { page?: string; limit?: string; before?: string } = {}) =>
  feeds(token).$get({ param: { eventId }, query });
export const readOpenPage = (eventId: string, query: { page?: string; limit?: string; before?: string } = {}) =>
  openFeeds().$get({ param: { eventId }, query });
export const readPost = (token: string, eventId: string, feedId: string) => feeds(token)[":feedId"].$get({ param: { eventId, feedId } });
export const readOpenPost = (eventId: string, feedId: string) => openFeeds()[":feedId"].$get({ param: { eventId, feedId } });
export const sendPost = (token: string, eventId: string, form: PostForm) => feeds(token).$post({ param: { eventId }, form });
export const deletePost = (token: string, eventId: string, feedId: string) =>
  feeds(token)[":feedId"].$delete({ param: { eventId, feedId } });
export const like = (token: string, eventId: string, feedId: string) => feeds(token)[":feedId"].like.$post({ param: { eventId, feedId } });
export const readComments = (token: string, eventId: string, feedId: string) =>
  feeds(token)[":feedId"].comment.$get({ param: { eventId, feedId } });
export const readOpenComments = (eventId: string, feedId: string) => openFeeds()[":feedId"].comment.$get({ param: { eventId, feedId } });
export const sendComment = (token: string, eventId: string, feedId: string, comment: string) =>
  feeds(token)[":feedId"].comment.$post({ param: { eventId, feedId }, json: { comment } });
export const deleteComment = (token: string, eventId: string, feedId: string, commentId: string) =>
  feeds(token)[":feedId"].comment[":commentId"].$delete({ param: { eventId, feedId, commentId } });

/** An experience with its owner, a host, two attending guests (YES, MAYBE), someone only invited, and a stranger. */
export const feedCrew = (fields: Parameters<typeof makeEvent>[1] = {}) => namedCrew(["Olga", "Hana", "Gus", "Otto", "Ivy", "Sam"], fields);

/** Posts as this participant and answers the post. */
export async function posted(token: string, eventId: string, form: PostForm) {
  const response = await sendPost(token, eventId, form);
  expect(response.status, "the post is accepted").toBe(201);
  return response.json();
}

/** Comments as this participant and answers the comment. */
export async function commented(token: string, eventId: string, feedId: string, text: string) {
  const response = await sendComment(token, eventId, feedId, text);
  expect(response.status, "the comment is accepted").toBe(201);
  return response.json();
}
