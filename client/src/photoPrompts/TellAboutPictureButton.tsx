import { ImagePlus, Loader2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PHOTO_ACCEPT } from '../../../contract/photos.ts';
import { uploadLoosePhoto } from '../api/photoPrompts.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { recordingLink } from '../recordings/recordingLink.ts';
import { Button } from '../ui/Button.tsx';

/**
 * Home's "Tell me about a picture": the person picks a photo from the device (camera or
 * gallery), it is added as a photo of no story yet (POST /api/photos), and the recorder
 * opens with it. The microphone waits for Record there.
 */
export function TellAboutPictureButton({ onPress }: { onPress: (pick: () => void) => void }) {
  const { t } = useTranslation('photoPrompt');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const photo = await uploadLoosePhoto(file);
      navigate(recordingLink({ aboutPhotoId: photo.id }));
    } catch (failure) {
      setError(`${t('home.failed')} ${errorText(failure)}`);
      setUploading(false);
    }
  };

  return (
    <div className="grid justify-items-center gap-2">
      <input ref={input} type="file" accept={PHOTO_ACCEPT} className="hidden" data-testid="tell-about-picture-file" onChange={(event) => void picked(event)} />
      <Button variant="secondary" disabled={uploading} onClick={() => onPress(() => input.current?.click())}>
        {uploading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <ImagePlus aria-hidden className="size-4 text-amber-300" />}
        {uploading ? t('home.uploading') : t('home.pick')}
      </Button>
      {error && (
        <p role="alert" className="max-w-sm text-sm text-red-200">
          {error}
        </p>
      )}
    </div>
  );
}
