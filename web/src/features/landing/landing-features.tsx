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
import { useI18n } from "@web/lib/i18n";

interface Feature {
  title: string;
  description: string;
  icon: ReactNode;
}

const FEATURES: Feature[] = [
  {
    title: /*i18n*/ "AI-powered itinerary",
    description: /*i18n*/ "Describe your event and get a day-by-day draft in seconds.",
    icon: <SparklesIcon />,
  },
  {
    title: /*i18n*/ "One-click share and email invites",
    description: /*i18n*/ "Invite every guest by e-mail, or share a single link.",
    icon: <MailOutlineIcon />,
  },
  {
    title: /*i18n*/ "Privacy and access controls",
    description: /*i18n*/ "Public or private events, with roles for hosts and guests.",
    icon: <ShieldCheckIcon />,
  },
  {
    title: /*i18n*/ "RSVPs",
    description: /*i18n*/ "Guests answer in one tap; see who is coming at a glance.",
    icon: <GuestCheckIcon />,
  },
  {
    title: /*i18n*/ "Check-in",
    description: /*i18n*/ "Scan each guest's pass at the door, gate by gate, even where the signal drops.",
    icon: <CheckCircleIcon className="size-5" />,
  },
  {
    title: /*i18n*/ "Document management",
    description: /*i18n*/ "Tickets, visas and vouchers, common or for one guest.",
    icon: <DocumentIcon />,
  },
  {
    title: /*i18n*/ "Real-time updates",
    description: /*i18n*/ "Change a time or venue and every open page shows it at once.",
    icon: <BoltIcon />,
  },
  {
    title: /*i18n*/ "Instant feedback",
    description: /*i18n*/ "Ask guests how each session went while it is still fresh.",
    icon: <FeedbackIcon />,
  },
  {
    title: /*i18n*/ "On every phone",
    description: /*i18n*/ "Guests open the schedule, feed and documents in any browser.",
    icon: <MobileIcon />,
  },
];

export function FeatureGrid() {
  const i18n = useI18n();
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
            <h3 className="text-[15px] font-semibold leading-6 text-slate-900">{i18n._(f.title)}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-600">{i18n._(f.description)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
