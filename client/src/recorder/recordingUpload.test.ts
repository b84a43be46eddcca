import { describe, expect, it } from 'vitest';
import { recordingFields, recordingForm, recordingUploadPath, type RecordingUpload } from './recordingUpload.ts';

const upload: RecordingUpload = {
  audio: new Blob([new Uint8Array(2000)], { type: 'audio/webm;codecs=opus' }),
  durationSeconds: 4.4,
  recordedAt: new Date('2025-06-15T12:00:00.000Z'),
  settings: {
    temperature: 0.7,
    transcriptionModel: 'gpt-4o-transcribe',
    storyGenerationModel: 'gpt-5',
    defaultTone: 'nostalgic',
    creativity: 'balanced',
  },
  appLanguage: 'fi',
  context: { contextType: 'new_story', contextName: 'Summer' },
  promptQuestion: 'What was your first home like?',
  questionId: 'childhood-1',
  userAgent: 'TestBrowser/1.0',
};

describe('recordingForm', () => {
  it('carries every field of the spec', () => {
    const form = recordingForm(upload);
    const fields = Object.fromEntries([...form.entries()].filter(([key]) => key !== 'audio'));
    expect(fields).toEqual({
      duration: '4',
      temperature: '0.7',
      transcriptionModel: 'gpt-4o-transcribe',
      storyGenerationModel: 'gpt-5',
      tone: 'nostalgic',
      creativity: 'balanced',
      appLanguage: 'fi',
      contextType: 'new_story',
      contextName: 'Summer',
      promptQuestion: 'What was your first home like?',
      questionId: 'childhood-1',
      clientTimestamp: '2025-06-15T12:00:00.000Z',
      userAgent: 'TestBrowser/1.0',
    });
  });

  it('names the audio file recording-{timestamp} with its extension', () => {
    const audio = recordingForm(upload).get('audio') as File;
    expect(audio.name).toBe(`recording-${upload.recordedAt.getTime()}.webm`);
    expect(audio.size).toBe(2000);
  });

  it('leaves out what is not set and sends an existing id', () => {
    const form = recordingForm({
      ...upload,
      promptQuestion: null,
      questionId: undefined,
      context: { contextType: 'person', contextId: 3 },
    });
    expect(form.has('promptQuestion')).toBe(false);
    expect(form.has('questionId')).toBe(false);
    expect(form.has('contextName')).toBe(false);
    expect(form.get('contextId')).toBe('3');
    expect(form.has('aboutPhotoId')).toBe(false);
  });

  it('sends the photo a recording is told about', () => {
    expect(recordingForm({ ...upload, aboutPhotoId: 41 }).get('aboutPhotoId')).toBe('41');
  });

  it('sends the take\'s id made on the device, so the server stores a take sent twice once', () => {
    const takeId = '0b6e7c1e-5d7a-4c1e-9a57-0f9e6d1c2b3a';
    expect(recordingForm({ ...upload, takeId }).get('takeId')).toBe(takeId);
    expect(recordingForm({ ...upload, takeId: null }).has('takeId')).toBe(false);
  });
});

describe('recordingFields', () => {
  it('are the multipart form\'s text fields, for a take that waits to upload in pieces', () => {
    const form = recordingForm(upload);
    expect(recordingFields(upload)).toEqual(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'audio')));
  });
});

describe('recordingUploadPath', () => {
  it('posts to the story for the current story, else to recordings', () => {
    expect(recordingUploadPath({ contextType: 'story', contextId: 9 })).toBe('/api/stories/9/recordings');
    expect(recordingUploadPath({ contextType: 'new_story', contextName: 'x' })).toBe('/api/recordings');
    expect(recordingUploadPath({ contextType: 'place', contextId: 9 })).toBe('/api/recordings');
  });
});
