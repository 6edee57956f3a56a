import { expect } from "vitest";
import { apiAs } from "./client";
import { addGuest, addHost, makeEvent, makeUser } from "./helpers";

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
export async function feedCrew(fields: Parameters<typeof makeEvent>[1] = {}) {
  const names = ["Olga", "Hana", "Gus", "Otto", "Ivy", "Sam"];
  const [owner, host, guest, other, invited, stranger] = await Promise.all(names.map((firstName) => makeUser({ firstName })));
  const event = await makeEvent(owner!.id, fields);
  await addHost(event.id, host!.id);
  await addGuest(event.id, guest!, "YES");
  await addGuest(event.id, other!, "MAYBE");
  await addGuest(event.id, invited!, "REQUESTED");
  return { owner: owner!, host: host!, guest: guest!, other: other!, invited: invited!, stranger: stranger!, event };
}

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
