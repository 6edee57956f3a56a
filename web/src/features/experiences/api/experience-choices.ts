import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "@web/components/ui/toast";
import { i18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { EVENT_UPDATE_FAILED, EVENT_UPDATED, experienceSaveScope, putExperience, refreshExperience } from "./update-experience";

type Choices = Pick<ExperienceDetail, "privacy" | "rsvpType">;

/**
 * Settings' radio choices, saved as they are made. Arrowing through a group makes a choice per step: the saves run
 * one after another and each sends only the choices not yet sent, so the server ends on the last one and a step
 * already overtaken is never sent. One toast tells of the final choice. `choices` shows what the person chose until
 * the server's copy changes after the last save, so a reply or a live refresh carrying an earlier step does not flip
 * the radios back; if the server refuses, they return to what it holds.
 */
export function useExperienceChoices(event: Pick<ExperienceDetail, "id"> & Choices) {
  const queryClient = useQueryClient();
  const unsent = useRef<Partial<Choices>>({});
  const queued = useRef(0);
  const untold = useRef(false);
  const [chosen, setChosen] = useState<Partial<Choices>>({});

  useEffect(() => {
    if (queued.current === 0) setChosen({});
  }, [event.privacy, event.rsvpType]);

  const save = useMutation({
    scope: experienceSaveScope(event.id),
    mutationFn: async () => {
      const change = unsent.current;
      unsent.current = {};
      // An earlier run already sent this run's choice along with its own.
      if (Object.keys(change).length === 0) return false;
      await putExperience(event.id, change);
      return true;
    },
    onSuccess: (sent) => {
      untold.current ||= sent;
      if (untold.current && queued.current === 1) {
        untold.current = false;
        toast.success(i18n._(EVENT_UPDATED));
      }
    },
    onError: () => {
      // The choices still queued go too: the radios return to what the server holds.
      unsent.current = {};
      untold.current = false;
      toast.error(i18n._(EVENT_UPDATE_FAILED));
    },
    onSettled: async (_sent, error) => {
      if (--queued.current > 0) return;
      await refreshExperience(queryClient, event.id);
      if (error && queued.current === 0) setChosen({});
    },
  });

  return {
    choices: { privacy: chosen.privacy ?? event.privacy, rsvpType: chosen.rsvpType ?? event.rsvpType },
    choose: (change: Partial<Choices>) => {
      unsent.current = { ...unsent.current, ...change };
      setChosen((current) => ({ ...current, ...change }));
      queued.current++;
      save.mutate();
    },
  };
}
