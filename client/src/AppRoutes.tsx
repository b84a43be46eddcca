import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useCurrentUser } from './api/currentUser.ts';
import { useUserLanguage } from './i18n/appLanguage.ts';
import { AuthLoadingScreen } from './shell/AuthLoadingScreen.tsx';
// In the app's chunk, not its own: the server sends a published story already rendered, and
// the app must take that page over at once (a blank fallback in between lost a reader's
// first press of Play).
import { PublishedStoryPage } from './publishing/PublishedStoryPage.tsx';
// In the app's chunk too (scripts/build/chunks.ts), the first screen of most loads: a lazy
// one showed a fallback for a moment even when its code was there, and React then holds the
// page back up to 300 ms after a fallback (on the phone benchmark, the library's rows).
import { AppShell } from './shell/AppShell.tsx';
import { LibraryPage } from './library/LibraryPage.tsx';
import { RouteFallback } from './shell/RouteFallback.tsx';
import { ReturnAfterSignIn } from './accountDeletion/ReturnAfterSignIn.tsx';

/**
 * A page in a chunk of its own, loaded when first shown: the landing page brings neither
 * the recorder nor the library.
 */
function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType<any> })));
}

const AdminSettingsPage = lazyPage(() => import('./admin/AdminSettingsPage.tsx'), 'AdminSettingsPage');
const ForgotPasswordPage = lazyPage(() => import('./auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./auth/ResetPasswordPage.tsx'), 'ResetPasswordPage');
const SignInPage = lazyPage(() => import('./auth/SignInPage.tsx'), 'SignInPage');
const VerifyEmailPage = lazyPage(() => import('./auth/VerifyEmailPage.tsx'), 'VerifyEmailPage');
const AutobiographyPage = lazyPage(() => import('./autobiography/AutobiographyPage.tsx'), 'AutobiographyPage');
const NewAutobiographyPage = lazyPage(() => import('./autobiography/NewAutobiographyPage.tsx'), 'NewAutobiographyPage');
const PrintBookPage = lazyPage(() => import('./bookPrint/PrintBookPage.tsx'), 'PrintBookPage');
const ChapterEditPage = lazyPage(() => import('./chapters/ChapterEditPage.tsx'), 'ChapterEditPage');
const ChapterPage = lazyPage(() => import('./chapters/ChapterPage.tsx'), 'ChapterPage');
const CoAuthorPage = lazyPage(() => import('./coAuthor/CoAuthorPage.tsx'), 'CoAuthorPage');
const FamilyJoinPage = lazyPage(() => import('./family/FamilyJoinPage.tsx'), 'FamilyJoinPage');
const FamilyReadingPage = lazyPage(() => import('./family/FamilyReadingPage.tsx'), 'FamilyReadingPage');
const ListenPage = lazyPage(() => import('./listenPage/ListenPage.tsx'), 'ListenPage');
const FamilyStoryPage = lazyPage(() => import('./family/FamilyStoryPage.tsx'), 'FamilyStoryPage');
const ReaderSettingsPage = lazyPage(() => import('./family/settings/ReaderSettingsPage.tsx'), 'ReaderSettingsPage');
const DiagnosticsPage = lazyPage(() => import('./diagnostics/DiagnosticsPage.tsx'), 'DiagnosticsPage');
const CollectionsPage = lazyPage(() => import('./collections/CollectionsPage.tsx'), 'CollectionsPage');
const ConversationPage = lazyPage(() => import('./conversation/ConversationPage.tsx'), 'ConversationPage');
const InterviewerPage = lazyPage(() => import('./interviewer/InterviewerPage.tsx'), 'InterviewerPage');
const ThemePage = lazyPage(() => import('./interviewer/ThemePage.tsx'), 'ThemePage');
const PeoplePage = lazyPage(() => import('./people/PeoplePage.tsx'), 'PeoplePage');
const PersonDetailPage = lazyPage(() => import('./people/PersonDetailPage.tsx'), 'PersonDetailPage');
const PlaceDetailPage = lazyPage(() => import('./people/PlaceDetailPage.tsx'), 'PlaceDetailPage');
const RecordingDetail = lazyPage(() => import('./recordings/RecordingDetail.tsx'), 'RecordingDetail');
const RecordingsWithoutStoryPage = lazyPage(() => import('./recordings/RecordingsWithoutStoryPage.tsx'), 'RecordingsWithoutStoryPage');
const SettingsPage = lazyPage(() => import('./settings/SettingsPage.tsx'), 'SettingsPage');
const DeleteAccountPage = lazyPage(() => import('./accountDeletion/DeleteAccountPage.tsx'), 'DeleteAccountPage');
const AccountDeletedPage = lazyPage(() => import('./accountDeletion/AccountDeletedPage.tsx'), 'AccountDeletedPage');
const RecordLinkPage = lazyPage(() => import('./familyMail/RecordLinkPage.tsx'), 'RecordLinkPage');
const UnsubscribePage = lazyPage(() => import('./familyMail/UnsubscribePage.tsx'), 'UnsubscribePage');
const NotFoundPage = lazyPage(() => import('./shell/NotFoundPage.tsx'), 'NotFoundPage');
// The landing page has its own chunk, shared with main.tsx's visitor load: a signed-in load never needs it.
const LandingInApp = lazyPage(() => import('./landing/LandingInApp.tsx'), 'LandingInApp');
const HomeScreen = lazyPage(() => import('./recorder/HomeScreen.tsx'), 'HomeScreen');
const RecorderPage = lazyPage(() => import('./recorder/RecorderPage.tsx'), 'RecorderPage');
const StoryView = lazyPage(() => import('./stories/StoryView.tsx'), 'StoryView');
const StreamingTestPage = lazyPage(() => import('./streamingTest/StreamingTestPage.tsx'), 'StreamingTestPage');
const FamilyCirclePage = lazyPage(() => import('./familyCircle/FamilyCirclePage.tsx'), 'FamilyCirclePage');
const InvitePage = lazyPage(() => import('./familyCircle/InvitePage.tsx'), 'InvitePage');
const TimelinePage = lazyPage(() => import('./timeline/TimelinePage.tsx'), 'TimelinePage');

/** A page under a calm fallback while its chunk arrives (the shell around it stays). */
function page(element: ReactNode) {
  return <Suspense fallback={<RouteFallback />}>{element}</Suspense>;
}

/** Pages anyone can open, signed in or not; they never wait for the session check. */
// A forgotten password can be reset signed in too: the link is for whoever has the e-mail.
const PUBLIC_PATH_PREFIXES = ['/published/', '/listen/', '/co-author/', '/streaming-test', '/debug-recording', '/forgot-password', '/reset-password', '/verify-email', '/account-deleted', '/record-link/', '/unsubscribe'];

function isPublicPath(pathname: string): boolean {
  // A family reader's pages: a relative reads without an account (not the owner's /family-circle).
  return PUBLIC_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || pathname === '/family' || pathname.startsWith('/family/');
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
      <Route path="/listen/:token" element={page(<ListenPage />)} />
      <Route path="/co-author/:token" element={page(<CoAuthorPage />)} />
      <Route path="/family/join/:token" element={page(<FamilyJoinPage />)} />
      <Route path="/family" element={page(<FamilyReadingPage />)} />
      <Route path="/family/stories/:storyId" element={page(<FamilyStoryPage />)} />
      <Route path="/family/settings" element={page(<ReaderSettingsPage />)} />
      <Route path="/streaming-test" element={page(<StreamingTestPage />)} />
      <Route path="/debug-recording" element={page(<DiagnosticsPage />)} />
      <Route path="/forgot-password" element={page(<ForgotPasswordPage />)} />
      <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
      <Route path="/verify-email" element={page(<VerifyEmailPage />)} />
      <Route path="/account-deleted" element={page(<AccountDeletedPage />)} />
      <Route path="/record-link/:token" element={page(<RecordLinkPage />)} />
      <Route path="/unsubscribe" element={page(<UnsubscribePage />)} />
      {user && <Route path="/record" element={page(<RecorderPage />)} />}
      {user && <Route path="/talk" element={page(<ConversationPage />)} />}
      {user ? (
        <Route element={<AppShell user={user} />}>
          <Route index element={<ReturnAfterSignIn>{page(<HomeScreen />)}</ReturnAfterSignIn>} />
          <Route path="/interviewer" element={page(<InterviewerPage />)} />
          <Route path="/interviewer/:theme" element={page(<ThemePage />)} />
          <Route path="/library" element={<LibraryPage />} />
          <Route path="/library/recordings" element={page(<RecordingsWithoutStoryPage />)} />
          <Route path="/library/recordings/:recordingId" element={page(<RecordingDetail />)} />
          <Route path="/library/:storyId" element={page(<StoryView />)} />
          <Route path="/library/:storyId/recordings/:recordingId" element={page(<RecordingDetail />)} />
          <Route path="/timeline" element={page(<TimelinePage />)} />
          <Route path="/collections" element={page(<CollectionsPage />)} />
          <Route path="/autobiography" element={page(<CollectionsPage />)} />
          <Route path="/collections/chapters/:chapterId" element={page(<ChapterPage />)} />
          <Route path="/collections/chapters/:chapterId/edit" element={page(<ChapterEditPage />)} />
          <Route path="/collections/books/new" element={page(<NewAutobiographyPage />)} />
          <Route path="/collections/books/:autobiographyId" element={page(<AutobiographyPage />)} />
          <Route path="/collections/books/:autobiographyId/print" element={page(<PrintBookPage />)} />
          <Route path="/people" element={page(<PeoplePage tab="person" />)} />
          <Route path="/people/places" element={page(<PeoplePage tab="place" />)} />
          <Route path="/people/places/:placeId" element={page(<PlaceDetailPage />)} />
          <Route path="/people/:personId" element={page(<PersonDetailPage />)} />
          <Route path="/settings" element={page(<SettingsPage user={user} />)} />
          <Route path="/family-circle" element={page(<FamilyCirclePage />)} />
          <Route path="/family-circle/invite" element={page(<InvitePage />)} />
          <Route path="/settings/delete-account" element={page(<DeleteAccountPage />)} />
          <Route path="/admin/settings" element={page(<AdminSettingsPage />)} />
          <Route path="/sign-in" element={<Navigate to="/" replace />} />
          <Route path="*" element={page(<NotFoundPage />)} />
        </Route>
      ) : (
        <>
          <Route path="/sign-in" element={page(<SignInPage />)} />
          <Route path="*" element={page(<LandingInApp />)} />
        </>
      )}
    </Routes>
  );
}
