import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoryVoiceView } from '../../../contract/voice.ts';
import { toast } from '../ui/toastStore.ts';
import { useVoicePlayer, type VoicePlayer } from './useVoicePlayer.ts';

/** Whose voice the story is told in, for the buttons' names: the owner's own, a named teller, or an unnamed one. */
export type Teller = { own: true } | { own: false; name: string | null };

interface StoryVoice {
  voice: StoryVoiceView;
  player: VoicePlayer;
  teller: Teller;
}

const VoiceContext = createContext<StoryVoice | null>(null);

/** The story's voice for the paragraphs and players inside, or null when it has none (they then show nothing). */
export function useStoryVoiceContext(): StoryVoice | null {
  return useContext(VoiceContext);
}

interface VoiceProviderProps {
  /** The spans per paragraph; undefined while loading or when the story has none. */
  voice: StoryVoiceView | undefined;
  teller: Teller;
  children: ReactNode;
}

/**
 * A story that leads back to the voice (issue 29): the one audio element its "hear it" buttons
 * and whole-recording players share, so one sound plays at a time.
 */
export function VoiceProvider({ voice, teller, children }: VoiceProviderProps) {
  const { t } = useTranslation('voice');
  const failed = useCallback(() => toast({ title: t('failed.title'), description: t('failed.description'), variant: 'destructive' }), [t]);
  const player = useVoicePlayer(voice, failed);
  return (
    <VoiceContext.Provider value={voice ? { voice, player, teller } : null}>
      {/* Hidden: the buttons and the players are its controls. Only on a page with spans to play. */}
      {voice && <audio ref={player.audioRef} preload="none" hidden data-voice-player {...player.audioEvents} />}
      {children}
    </VoiceContext.Provider>
  );
}
