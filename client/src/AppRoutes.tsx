import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AdminSettingsPage } from './admin/AdminSettingsPage.tsx';
import { useCurrentUser } from './api/currentUser.ts';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './auth/ResetPasswordPage.tsx';
import { SignInPage } from './auth/SignInPage.tsx';
import { AutobiographyPage } from './autobiography/AutobiographyPage.tsx';
import { NewAutobiographyPage } from './autobiography/NewAutobiographyPage.tsx';
import { ChapterEditPage } from './chapters/ChapterEditPage.tsx';
import { ChapterPage } from './chapters/ChapterPage.tsx';
import { CoAuthorPage } from './coAuthor/CoAuthorPage.tsx';
import { DiagnosticsPage } from './diagnostics/DiagnosticsPage.tsx';
import { CollectionsPage } from './collections/CollectionsPage.tsx';
import { ConversationPage } from './conversation/ConversationPage.tsx';
import { InterviewerPage } from './interviewer/InterviewerPage.tsx';
import { ThemePage } from './interviewer/ThemePage.tsx';
import { useUserLanguage } from './i18n/appLanguage.ts';
import { LandingPage } from './landing/LandingPage.tsx';
import { LibraryPage } from './library/LibraryPage.tsx';
import { PeoplePage } from './people/PeoplePage.tsx';
import { PersonDetailPage } from './people/PersonDetailPage.tsx';
import { PlaceDetailPage } from './people/PlaceDetailPage.tsx';
import { PublishedStoryPage } from './publishing/PublishedStoryPage.tsx';
import { RecordingDetail } from './recordings/RecordingDetail.tsx';
import { RecordingsWithoutStoryPage } from './recordings/RecordingsWithoutStoryPage.tsx';
import { SettingsPage } from './settings/SettingsPage.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { AuthLoadingScreen } from './shell/AuthLoadingScreen.tsx';
import { NotFoundPage } from './shell/NotFoundPage.tsx';
import { HomeScreen } from './recorder/HomeScreen.tsx';
import { RecorderPage } from './recorder/RecorderPage.tsx';
import { StoryView } from './stories/StoryView.tsx';
import { StreamingTestPage } from './streamingTest/StreamingTestPage.tsx';
import { TimelinePage } from './timeline/TimelinePage.tsx';

/** Pages anyone can open, signed in or not; they never wait for the session check. */
// A forgotten password can be reset signed in too: the link is for whoever has the e-mail.
const PUBLIC_PATH_PREFIXES = ['/published/', '/co-author/', '/streaming-test', '/debug-recording', '/forgot-password', '/reset-password'];

function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Every route of the app (spec 2): public pages for everyone; the shell for a signed-in
 * user; the landing page for every other path when signed out.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const currentUser = useCurrentUser();
  // A failed session check (server unreachable) is treated as signed out.
  const user = currentUser.data ?? null;
  useUserLanguage(user?.languagePreference);

  if (currentUser.isPending && !isPublicPath(pathname)) return <AuthLoadingScreen />;

  return (
    <Routes>
      <Route path="/published/:slug" element={<PublishedStoryPage />} />
      <Route path="/co-author/:token" element={<CoAuthorPage />} />
      <Route path="/streaming-test" element={<StreamingTestPage />} />
      <Route path="/debug-recording" element={<DiagnosticsPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      {user && <Route path="/record" element={<RecorderPage />} />}
      {user && <Route path="/talk" element={<ConversationPage />} />}
      {user ? (
        <Route element={<AppShell user={user} />}>
          <Route index element={<HomeScreen />} />
          <Route path="/interviewer" element={<InterviewerPage />} />
          <Route path="/interviewer/:theme" element={<ThemePage />} />
          <Route path="/library" element={<LibraryPage />} />
          <Route path="/library/recordings" element={<RecordingsWithoutStoryPage />} />
          <Route path="/library/recordings/:recordingId" element={<RecordingDetail />} />
          <Route path="/library/:storyId" element={<StoryView />} />
          <Route path="/library/:storyId/recordings/:recordingId" element={<RecordingDetail />} />
          <Route path="/timeline" element={<TimelinePage />} />
          <Route path="/collections" element={<CollectionsPage />} />
          <Route path="/autobiography" element={<CollectionsPage />} />
          <Route path="/collections/chapters/:chapterId" element={<ChapterPage />} />
          <Route path="/collections/chapters/:chapterId/edit" element={<ChapterEditPage />} />
          <Route path="/collections/books/new" element={<NewAutobiographyPage />} />
          <Route path="/collections/books/:autobiographyId" element={<AutobiographyPage />} />
          <Route path="/people" element={<PeoplePage tab="person" />} />
          <Route path="/people/places" element={<PeoplePage tab="place" />} />
          <Route path="/people/places/:placeId" element={<PlaceDetailPage />} />
          <Route path="/people/:personId" element={<PersonDetailPage />} />
          <Route path="/settings" element={<SettingsPage user={user} />} />
          <Route path="/admin/settings" element={<AdminSettingsPage />} />
          <Route path="/sign-in" element={<Navigate to="/" replace />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      ) : (
        <>
          <Route path="/sign-in" element={<SignInPage />} />
          <Route path="*" element={<LandingPage />} />
        </>
      )}
    </Routes>
  );
}
