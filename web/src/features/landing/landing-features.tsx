import type { ReactNode } from "react";
import {
  BoltIcon,
  CheckCircleIcon,
  DocumentIcon,
  FeedbackIcon,
  GuestCheckIcon,
  MailOutlineIcon,
  MobileIcon,
  ShieldCheckIcon,
  SparklesIcon,
} from "@web/components/ui/icons";

interface Feature {
  title: string;
  description: string;
  icon: ReactNode;
}

const FEATURES: Feature[] = [
  {
    title: "AI-powered itinerary",
    description: "Describe your event and get a day-by-day draft in seconds.",
    icon: <SparklesIcon />,
  },
  {
    title: "One-click share and email invites",
    description: "Invite every guest by e-mail, or share a single link.",
    icon: <MailOutlineIcon />,
  },
  {
    title: "Privacy and access controls",
    description: "Public or private events, with roles for hosts and guests.",
    icon: <ShieldCheckIcon />,
  },
  {
    title: "RSVPs",
    description: "Guests answer in one tap; see who is coming at a glance.",
    icon: <GuestCheckIcon />,
  },
  {
    title: "Check-in",
    description: "Scan each guest's pass at the door, gate by gate, even where the signal drops.",
    icon: <CheckCircleIcon className="size-5" />,
  },
  {
    title: "Document management",
    description: "Tickets, visas and vouchers, common or for one guest.",
    icon: <DocumentIcon />,
  },
  {
    title: "Real-time updates",
    description: "Change a time or venue and every open page shows it at once.",
    icon: <BoltIcon />,
  },
  {
    title: "Instant feedback",
    description: "Ask guests how each session went while it is still fresh.",
    icon: <FeedbackIcon />,
  },
  {
    title: "On every phone",
    description: "Guests open the schedule, feed and documents in any browser.",
    icon: <MobileIcon />,
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
