import type { ReactNode } from "react";

interface Feature {
  title: string;
  description: string;
  icon: ReactNode;
}

/** 24×24 outline icons; stroke follows the text colour. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {children}
    </svg>
  );
}

const FEATURES: Feature[] = [
  {
    title: "AI-powered itinerary",
    description: "Describe your event and get a day-by-day draft in seconds.",
    icon: (
      <Icon>
        <path d="M11 3.5 12.9 8.1 17.5 10l-4.6 1.9L11 16.5l-1.9-4.6L4.5 10l4.6-1.9Z" />
        <path d="m18.5 14.5.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8Z" />
      </Icon>
    ),
  },
  {
    title: "One-click share and email invites",
    description: "Invite every guest by e-mail, or share a single link.",
    icon: (
      <Icon>
        <rect x="3" y="5" width="18" height="14" rx="2.5" />
        <path d="m3.5 7 8.5 6 8.5-6" />
      </Icon>
    ),
  },
  {
    title: "Privacy and access controls",
    description: "Public or private events, with roles for hosts and guests.",
    icon: (
      <Icon>
        <path d="M12 3 19 6v5.5c0 4.3-2.9 8-7 9.5-4.1-1.5-7-5.2-7-9.5V6Z" />
        <path d="m9 12 2 2 4-4" />
      </Icon>
    ),
  },
  {
    title: "RSVPs",
    description: "See who is coming to each day at a glance.",
    icon: (
      <Icon>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M3 20c0-3.3 2.7-6 6-6 1.5 0 2.9.6 4 1.5" />
        <path d="m15.5 17.5 2 2 4-4" />
      </Icon>
    ),
  },
  {
    title: "Bulletin and social feed",
    description: "Post news to every guest, and let them share the moment.",
    icon: (
      <Icon>
        <path d="M4 10v4a1 1 0 0 0 1 1h2l5 4V5L7 9H5a1 1 0 0 0-1 1Z" />
        <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
      </Icon>
    ),
  },
  {
    title: "Document management",
    description: "Tickets, visas and vouchers, common or for one guest.",
    icon: (
      <Icon>
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
        <path d="M14 3v5h5M9 13h6M9 17h4" />
      </Icon>
    ),
  },
  {
    title: "Real-time updates",
    description: "Change a time or venue and every open page shows it at once.",
    icon: (
      <Icon>
        <path d="M13 2.5 4.5 13.5H11l-1 8 8.5-11H12Z" />
      </Icon>
    ),
  },
  {
    title: "Instant feedback",
    description: "Ask guests how each session went while it is still fresh.",
    icon: (
      <Icon>
        <path d="M20.5 11.5a8 8 0 0 1-11.7 7.1L4 20l1.3-4.3A8 8 0 1 1 20.5 11.5Z" />
        <path d="M8.5 10.5h7M8.5 13.5h4" />
      </Icon>
    ),
  },
  {
    title: "On every phone",
    description: "Guests open the schedule, feed and documents in any browser.",
    icon: (
      <Icon>
        <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
        <path d="M10.5 18h3" />
      </Icon>
    ),
  },
];

export function FeatureGrid() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
      {FEATURES.map((f) => (
        <li
          key={f.title}
          className="group flex gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg hover:shadow-slate-900/5 hover:ring-brand-100 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-inset ring-brand-100 transition group-hover:bg-brand-600 group-hover:text-white">
            {f.icon}
          </span>
          <div className="min-w-0">
            <h3 className="text-[15px] font-semibold leading-6 text-slate-900">{f.title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-600">{f.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
