// An experience made through the API as an organiser makes one: POST /api/events with its multipart form.

const DAY = 86_400_000;

/** Creates an experience of `days` days from `start` (epoch ms), public and open unless `fields` say otherwise; answers its id. */
export async function createExperience(url, auth, { name, start, days = 1, ...fields }) {
  const form = new FormData();
  Object.entries({
    name,
    startIsoTime: new Date(start).toISOString(),
    endIsoTime: new Date(start + days * DAY).toISOString(),
    privacy: "PUBLIC",
    rsvpType: "OPEN",
    isAIMode: "false",
    ...fields,
  }).forEach(([name, value]) => form.append(name, value));
  const response = await fetch(`${url}/api/events`, { method: "POST", body: form, headers: auth });
  if (!response.ok) throw new Error(`POST /api/events: ${response.status} ${await response.text()}`);
  return (await response.json()).id;
}
