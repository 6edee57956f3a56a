/** The navigation state a page that joined hands the experience's page. */
export interface JoinedState {
  justJoined?: boolean;
}

/** Opening the experience's page right after joining it: its RSVP row offers the home-screen tip, as after a Join there. */
export const joinedState: JoinedState = { justJoined: true };
