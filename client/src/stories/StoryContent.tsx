import type { MouseEvent } from 'react';
import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../../contract/languages.ts';
import { Button, focusRing } from '../ui/Button.tsx';
import { EditableText } from '../ui/EditableText.tsx';
import type { NameChoice } from './NameDialog.tsx';
import { useCurrentUser } from '../api/currentUser.ts';
import { useUpdateStory, type Story } from '../api/stories.ts';
import { useStoryVoice } from '../api/voice.ts';
import { hasSpans } from '../voice/spanPlayback.ts';
import { VoiceParagraph } from '../voice/VoiceParagraph.tsx';
import { VoiceProvider } from '../voice/VoiceContext.tsx';
import { WholeRecordingPlayer } from '../voice/WholeRecordingPlayer.tsx';
import { markNames, paragraphsOf } from './storyNames.ts';

interface StoryContentProps {
  story: Story;
  onOpenName: (choice: NameChoice) => void;
}

/**
 * The story's text (spec 2): names of its people and places open their details; a click
 * elsewhere on the text (or the Edit button) opens it for editing with Save and Cancel. Each
 * paragraph told in a recording can be heard, and the whole recording played with the text
 * following (issue 29).
 */
export function StoryContent({ story, onOpenName }: StoryContentProps) {
  const { t } = useTranslation('storyDetail');
  const update = useUpdateStory(story.id);
  const owner = useCurrentUser().data?.id ?? null;
  const voice = useStoryVoice(story.id).data;
  return (
    <VoiceProvider voice={voice && hasSpans(voice.paragraphs) ? voice : undefined} teller={{ own: true }}>
      <EditableText
        text={story.content}
        label={t('content.label')}
        draftKey={`story:${story.id}:content`}
        ownerId={owner}
        save={(content, done) => update.mutate({ content }, done)}
        saving={update.isPending}
        savingLabel={t('saving')}
        savedMessage={t('content.saved')}
        saveFailedMessage={t('content.saveFailed')}
        large
      >
        {(edit) => <StoryText story={story} onOpenName={onOpenName} onEdit={edit} />}
      </EditableText>
    </VoiceProvider>
  );
}

/** The text to read: names as buttons, a click elsewhere or the Edit button starts editing. */
function StoryText({ story, onOpenName, onEdit }: StoryContentProps & { onEdit: () => void }) {
  const { t } = useTranslation('storyDetail');
  const people = story.metadata.people;
  const places = story.metadata.locations;
  const withEndings = toLanguage(story.language) === 'fi';
  const openEditor = (event: MouseEvent) => {
    // A name opens its details, a selection is for copying: neither opens the editor.
    if ((event.target as HTMLElement).closest('button')) return;
    if (window.getSelection()?.toString()) return;
    onEdit();
  };

  return (
    <div className="grid gap-2">
      <WholeRecordingPlayer className="mb-2" />
      {/* The click target is a convenience; the Edit button below is the accessible way in. */}
      <div onClick={openEditor} className="-mx-2 grid cursor-text gap-4 rounded-lg px-2 py-1 text-lg leading-relaxed text-stone-100 hover:bg-stone-900/60">
        {paragraphsOf(story.content).map((paragraph, index) => (
          <VoiceParagraph key={index} index={index} className="whitespace-pre-line">
            {markNames(paragraph, people, places, { withEndings }).map((part, partIndex) =>
              part.name === undefined ? (
                part.text
              ) : (
                <button
                  key={partIndex}
                  type="button"
                  onClick={() => onOpenName({ name: part.name, kind: part.kind })}
                  className={`rounded-sm underline decoration-amber-300/60 decoration-2 underline-offset-4 hover:bg-amber-300/10 hover:decoration-amber-300 ${focusRing}`}
                >
                  {part.text}
                </button>
              ),
            )}
          </VoiceParagraph>
        ))}
      </div>
      <div>
        <Button variant="ghost" onClick={onEdit} className="-ml-2">
          <PenLine aria-hidden className="size-4" />
          {t('content.edit')}
        </Button>
      </div>
    </div>
  );
}
