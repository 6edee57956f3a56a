import type { Db } from "@worker/db/client";
import {
  activityDocuments,
  bulletins,
  changeLog,
  changeSeen,
  documents,
  feedbackAnswers,
  feedbackFields,
  feedbackForms,
  feedbackResponses,
  feedComments,
  feedLikes,
  feedPosts,
  files,
  notificationDigests,
} from "@worker/db/schema";
import type { FileRow } from "@worker/lib/files";
import { DEMO_FILES, type DemoFile } from "./seed-files";

const HOUR = 60 * 60 * 1000;

/** Who the demo content is by: the seed's people, by their role in the story. */
interface DemoCast {
  dana: string;
  hugo: string;
  grace: string;
  marco: string;
  lucas: string;
  amara: string;
}

interface DemoContent {
  eventId: string;
  cast: DemoCast;
  files: Record<DemoFile, FileRow>;
  /** The activity the welcome pack is attached to. */
  checkInActivityId: string;
  /** The activity Dana moved by half an hour yesterday (what Grace's 'What changed since you last looked' tells). */
  moved: { id: string; name: string; startTime: Date };
  now: number;
}

/** The demo is in Lisbon, so its times are on Lisbon's clock (and a reader elsewhere gets 'Your time'). */
export const DEMO_TIME_ZONE = "Europe/Lisbon";

const ago = (now: number, hours: number) => new Date(now - hours * HOUR);

/** Three posts, with photos, likes and comments, written over the last days. */
function feedRows({ eventId, cast, files: stored, now }: DemoContent) {
  const post = (authorId: string, title: string, hours: number, photo: DemoFile | null, likes: string[], comments: [string, string][]) => ({
    post: {
      id: crypto.randomUUID(),
      eventId,
      authorId,
      title,
      mediaFileId: photo ? stored[photo].id : null,
      mimeType: photo ? DEMO_FILES[photo].mimeType : null,
      mediaWidth: photo ? 960 : null,
      mediaHeight: photo ? 720 : null,
      likesCount: likes.length,
      commentCount: comments.length,
      createdAt: ago(now, hours),
    },
    likes,
    comments,
    hours,
  });
  const posts = [
    post(
      cast.dana,
      "Two weeks to go! Tram 28 stops right by the hotel, so ride it end to end on your free afternoon.",
      50,
      "tram",
      [cast.hugo, cast.grace, cast.marco, cast.amara],
      [
        [cast.grace, "Can't wait! Is it busy in the mornings?"],
        [cast.dana, "Very. Go after 4 PM and sit on the left side for the views."],
      ],
    ),
    post(
      cast.hugo,
      "Scouted the boat for the sunset cruise today. Bring a light jacket: it gets windy on the Tagus.",
      26,
      "sunset",
      [cast.dana, cast.grace],
      [
        [cast.marco, "Is there a vegetarian option on board?"],
        [cast.hugo, "Yes, and vegan. Tell us in your RSVP if you have allergies."],
      ],
    ),
    post(
      cast.grace,
      "Anyone flying in from London on day 1? Happy to share a taxi from the airport.",
      3,
      null,
      [cast.lucas],
      [[cast.lucas, "I land on the same flight. Count me in!"]],
    ),
  ];
  return {
    posts: posts.map((p) => p.post),
    likes: posts.flatMap((p) => p.likes.map((userId, i) => ({ postId: p.post.id, userId, createdAt: ago(now, p.hours - 0.5 - i * 0.25) }))),
    comments: posts.flatMap((p) =>
      p.comments.map(([authorId, comment], i) => ({
        id: crypto.randomUUID(),
        postId: p.post.id,
        authorId,
        comment,
        createdAt: ago(now, p.hours - 1 - i),
      })),
    ),
  };
}

/** The organisers' two bulletins, one with a picture. */
const bulletinRows = ({ eventId, cast, files: stored, now }: DemoContent) => [
  {
    id: crypto.randomUUID(),
    eventId,
    authorId: cast.dana,
    title: "Welcome to the retreat",
    description: "Your welcome pack is in Documents: the hotel, the dress code and who to call day and night. See you at arrivals!",
    mediaFileId: stored.tiles.id,
    createdAt: ago(now, 72),
  },
  {
    id: crypto.randomUUID(),
    eventId,
    authorId: cast.hugo,
    title: "Coach to Sintra",
    description:
      "On the last day the coach leaves from the hotel lobby after breakfast. Pack your bags the night before: we drive to the airport from Sintra.",
    mediaFileId: null,
    createdAt: ago(now, 20),
  },
];

/** A published form, answered by three guests (Grace has not answered yet: she can try it). */
function feedbackRows({ eventId, cast, now }: DemoContent) {
  const formId = crypto.randomUUID();
  const fields = ["How was the venue?", "How useful were the workshops?", "How was the food?"].map((label, position) => ({
    id: crypto.randomUUID(),
    formId,
    kind: "RATING" as const,
    label,
    position,
  }));
  const text = { id: crypto.randomUUID(), formId, kind: "TEXT" as const, label: "What should we do differently next time?", position: 3 };
  const answered: [string, number[], string][] = [
    [cast.marco, [5, 4, 5], "More time in Sintra, please."],
    [cast.lucas, [4, 5, 4], "The workshops were the highlight."],
    [cast.amara, [5, 4, 3], ""],
  ];
  const responses = answered.map(([userId], i) => ({ id: crypto.randomUUID(), formId, userId, createdAt: ago(now, 10 - i) }));
  const answers = answered.flatMap(([, ratings, comment], i) => [
    ...fields.map((field, j) => ({ responseId: responses[i]!.id, fieldId: field.id, rating: ratings[j]!, text: null })),
    ...(comment ? [{ responseId: responses[i]!.id, fieldId: text.id, rating: null, text: comment }] : []),
  ]);
  return {
    form: {
      id: formId,
      eventId,
      title: "Retreat feedback",
      description: "Two minutes that shape the next retreat.",
      isActive: true,
      createdAt: ago(now, 12),
    },
    fields: [...fields, text],
    responses,
    answers,
  };
}

/**
 * Yesterday Dana moved the sunset cruise half an hour later; Grace has not looked since, so her page opens with 'What
 * changed since you last looked'. The change was told already (its digest is sent), so nothing is mailed again.
 */
function changeRows({ eventId, cast, moved, now }: DemoContent) {
  const digestId = `${eventId}:demo`;
  const at = (instant: number) => ({ at: new Date(instant).toISOString(), timeZone: DEMO_TIME_ZONE });
  const start = moved.startTime.getTime();
  return {
    digest: { id: digestId, eventId, throughSeq: 0, createdAt: ago(now, 23), enqueuedAt: ago(now, 23) },
    change: {
      eventId,
      actorId: cast.dana,
      kind: "itinerary" as const,
      subjectType: "activity" as const,
      subjectId: moved.id,
      field: "start" as const,
      label: moved.name,
      oldValue: at(start - HOUR / 2),
      newValue: at(start),
      recipientId: null,
      urgent: false,
      createdAt: ago(now, 24),
      digestId,
    },
    seen: { userId: cast.grace, eventId, lastSeq: 0, seenAt: ago(now, 48) },
  };
}

/** The rows that give every tab of the demo experience something to show: feed, bulletin, documents, feedback, a change. */
export function demoContentInserts(db: Db, content: DemoContent) {
  const { eventId, cast, files: stored, checkInActivityId } = content;
  const feed = feedRows(content);
  const feedback = feedbackRows(content);
  const changes = changeRows(content);
  const welcomePack = { id: crypto.randomUUID(), eventId, userId: null, fileId: stored.welcomePack.id, type: "pdf", uploaderId: cast.dana };
  const eTicket = {
    id: crypto.randomUUID(),
    eventId,
    userId: cast.grace,
    fileId: stored.eTicket.id,
    type: "flight_ticket",
    uploaderId: cast.dana,
  };
  return [
    db.insert(files).values(Object.values(stored)),
    db.insert(feedPosts).values(feed.posts),
    db.insert(feedLikes).values(feed.likes),
    db.insert(feedComments).values(feed.comments),
    db.insert(bulletins).values(bulletinRows(content)),
    db.insert(documents).values([welcomePack, eTicket]),
    db.insert(activityDocuments).values({ activityId: checkInActivityId, documentId: welcomePack.id }),
    db.insert(feedbackForms).values(feedback.form),
    db.insert(feedbackFields).values(feedback.fields),
    db.insert(feedbackResponses).values(feedback.responses),
    db.insert(feedbackAnswers).values(feedback.answers),
    db.insert(notificationDigests).values(changes.digest),
    db.insert(changeLog).values(changes.change),
    db.insert(changeSeen).values(changes.seen),
  ] as const;
}
